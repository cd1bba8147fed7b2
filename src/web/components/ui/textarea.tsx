import { useId, type TextareaHTMLAttributes } from 'react';
import { FieldError, Label } from '#web/components/ui/input';
import { cn } from '#web/lib/cn';

/** A labelled textarea; `error` (a form's schema message) shows under it, describes it and marks it invalid. */
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
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}
