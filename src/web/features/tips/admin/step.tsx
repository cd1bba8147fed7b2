import { useId, type TextareaHTMLAttributes } from 'react';
import { Label } from '#web/components/ui/input';
import { cn } from '#web/lib/cn';

/** The red line under a field the browser refused before sending (same words as the server's). */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-semibold text-red-800">
      {message}
    </p>
  );
}

export function TextArea({
  label,
  className,
  error,
  ...rest
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string }) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cn(
          'block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 aria-[invalid=true]:border-red-700',
          className,
        )}
        {...rest}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
