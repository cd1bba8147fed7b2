import { useId, type ReactNode, type Ref } from 'react';

export interface CheckboxFieldProps {
  /** The accessible name: everything in it is read out, links included. */
  label: ReactNode;
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  invalid?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A checkbox with its label beside it; the whole label toggles it (a link inside the label opens
 * instead). Named so the form posts `name=on` without JavaScript too.
 */
export function CheckboxField({ label, name, checked, onChange, invalid, ref }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        ref={ref}
        id={id}
        type="checkbox"
        name={name}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        aria-invalid={invalid || undefined}
        className="mt-0.5 h-5 w-5 shrink-0 cursor-pointer accent-navy-900 aria-[invalid=true]:outline-2 aria-[invalid=true]:outline-red-700"
      />
      <label htmlFor={id} className="cursor-pointer text-sm leading-snug text-slate-800">
        {label}
      </label>
    </div>
  );
}
