import { useId } from 'react';
import { CANCEL_REASONS, CANCEL_REASON_LABELS, type CancelReason } from '#shared/cancel-reasons';
import { CANCEL_COMMENT_MAX } from '#shared/schemas/billing';

export interface CancelWhy {
  reason: CancelReason | null;
  comment: string;
}

export const NO_REASON: CancelWhy = { reason: null, comment: '' };

/** The cancel dialog's optional question: why, and a few words of the member's own. Nothing here is required. */
export function CancelReasonFields({ value, onChange }: { value: CancelWhy; onChange: (value: CancelWhy) => void }) {
  const id = useId();
  return (
    <div className="grid gap-3">
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold text-slate-800">Would you tell us why? (optional)</legend>
        {CANCEL_REASONS.map((reason) => (
          <label key={reason} className="flex cursor-pointer items-center gap-3 text-sm text-slate-800">
            <input
              type="radio"
              name={`${id}-reason`}
              value={reason}
              checked={value.reason === reason}
              onChange={() => onChange({ ...value, reason })}
              className="h-5 w-5 shrink-0 accent-navy-900"
            />
            {CANCEL_REASON_LABELS[reason]}
          </label>
        ))}
      </fieldset>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-comment`} className="text-sm font-semibold text-slate-800">
          Anything else you would like to tell us? (optional)
        </label>
        <textarea
          id={`${id}-comment`}
          rows={3}
          maxLength={CANCEL_COMMENT_MAX}
          aria-describedby={`${id}-count`}
          className="block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900"
          value={value.comment}
          onChange={(e) => onChange({ ...value, comment: e.target.value })}
        />
        <p id={`${id}-count`} className="text-xs text-slate-600">
          {value.comment.length}/{CANCEL_COMMENT_MAX} characters
        </p>
      </div>
    </div>
  );
}
