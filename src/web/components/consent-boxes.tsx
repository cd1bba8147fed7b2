import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  AGE_LABEL,
  CONSENT_REQUIRED_MESSAGES,
  PRIVACY_PATH,
  START_NOW_LABEL,
  TERMS_PATH,
  type ConsentField,
} from '#shared/consent';
import { CheckboxField } from '#web/components/ui/checkbox';

type Ticked = Record<ConsentField, boolean>;

const linkClass = 'font-semibold text-navy-700 underline underline-offset-2';

const LABELS: Record<ConsentField, ReactNode> = {
  confirmAge: AGE_LABEL,
  acceptTerms: (
    <>
      I accept the{' '}
      <Link to={TERMS_PATH} className={linkClass}>
        terms and conditions
      </Link>{' '}
      and have read the{' '}
      <Link to={PRIVACY_PATH} className={linkClass}>
        privacy notice
      </Link>
    </>
  ),
  startNow: START_NOW_LABEL,
};

/**
 * The consent boxes of registering (18 or over, the terms) and joining (those, and starting at
 * once). `confirm()` before sending: true when every box is ticked; otherwise the first unticked
 * box is marked and focused and its message announced, and nothing should be sent. `initially`:
 * the boxes ticked when a form posted without JavaScript comes back refused.
 */
export function useConsentBoxes(fields: readonly ConsentField[], initially: Partial<Ticked> = {}) {
  const [ticked, setTicked] = useState<Ticked>(() => ({
    confirmAge: false,
    acceptTerms: false,
    startNow: false,
    ...initially,
  }));
  const [missing, setMissing] = useState<ConsentField | null>(null);
  const ref = useRef<HTMLFieldSetElement>(null);

  function confirm(): boolean {
    const unticked = fields.find((field) => !ticked[field]) ?? null;
    setMissing(unticked);
    if (unticked) ref.current?.querySelector<HTMLInputElement>(`input[name="${unticked}"]`)?.focus();
    return unticked === null;
  }

  const boxes = (
    <fieldset ref={ref} className="grid gap-3">
      <legend className="sr-only">Your agreement</legend>
      {fields.map((field) => (
        <CheckboxField
          key={field}
          name={field}
          label={LABELS[field]}
          checked={ticked[field]}
          invalid={missing === field}
          onChange={(value) => {
            setTicked((t) => ({ ...t, [field]: value }));
            if (value && missing === field) setMissing(null);
          }}
        />
      ))}
      {missing && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {CONSENT_REQUIRED_MESSAGES[missing]}
        </p>
      )}
    </fieldset>
  );
  return { ticked, confirm, boxes };
}
