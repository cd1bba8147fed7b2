import { useId, type InputHTMLAttributes, type LabelHTMLAttributes, type ReactNode, type Ref } from 'react';
import { MIN_PASSWORD_LENGTH } from '#shared/auth-rules';
import { cn } from '#web/lib/cn';

export function Input({
  className,
  ref,
  ...rest
}: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return (
    <input
      ref={ref}
      className={cn(
        'block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900',
        'placeholder:text-slate-500 read-only:bg-slate-100 disabled:cursor-not-allowed disabled:bg-slate-100',
        'aria-[invalid=true]:border-red-700',
        className,
      )}
      {...rest}
    />
  );
}

export function Label({ className, ...rest }: LabelHTMLAttributes<HTMLLabelElement>) {
  return <label className={cn('block text-sm font-semibold text-slate-800', className)} {...rest} />;
}

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: ReactNode;
  /** The field's error (a form's schema message): shown under it, describing it, and marking it invalid. */
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input: the label text is the accessible name tests and screen readers use. */
export function Field({ label, hint, error, id, className, ...rest }: FieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={inputId}>{label}</Label>
      <Input
        id={inputId}
        aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
        aria-invalid={error ? true : undefined}
        {...rest}
      />
      {error && <FieldError id={errorId!}>{error}</FieldError>}
      {hint && (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}

/** A field's error under it; the input names it with aria-describedby. */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="text-sm font-semibold text-red-800">
      {children}
    </p>
  );
}

/**
 * A required password input. `purpose="new"` adds the minimum length of new passwords and tells
 * password managers to suggest a new password; "current" lets them fill the saved one.
 */
export function PasswordField({ purpose, ...rest }: Omit<FieldProps, 'type'> & { purpose: 'current' | 'new' }) {
  const isNew = purpose === 'new';
  return (
    <Field
      type="password"
      required
      autoComplete={isNew ? 'new-password' : 'current-password'}
      minLength={isNew ? MIN_PASSWORD_LENGTH : undefined}
      {...rest}
    />
  );
}

/** A required e-mail input with the phone keyboard and autofill for e-mail addresses. */
export function EmailField(props: Omit<FieldProps, 'type'>) {
  return <Field type="email" autoComplete="email" inputMode="email" required {...props} />;
}
