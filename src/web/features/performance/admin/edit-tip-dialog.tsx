import { useEffect, useId, useRef, useState } from 'react';
import { TYPE_LABELS, tipEditBody, type TipEditBody, type TipRecord } from '#shared/schemas/performance';
import { Button } from '#web/components/ui/button';
import { Field } from '#web/components/ui/input';
import { toast } from '#web/components/ui/use-toast';
import { confirmationField, errorMessage } from '#web/lib/request';
import { useSchemaForm } from '#web/lib/schema-form';
import { useEditTip } from '../api';

// The manual entry's placeholder course is shown as an empty field.
const NO_COURSE = 'Daily Tips';
type FieldName = keyof Omit<TipEditBody, 'confirmCorrection'>;

/**
 * Edits a pending tip (PUT /api/admin/tip-records/{id}) in a modal on the native <dialog>, with
 * the same rules as the server checked before sending.
 */
export function EditTipDialog({ record, onClose }: { record: TipRecord; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const edit = useEditTip();
  const form = useSchemaForm(tipEditBody, {
    selectionName: record.selectionName,
    raceTime: record.raceTime,
    raceLocation: record.raceLocation === NO_COURSE ? '' : record.raceLocation,
    advisedOdds: record.advisedOdds,
  });
  const { errors } = form.formState;
  // The server's words when the price differs from the published one: saved only once confirmed.
  const [correction, setCorrection] = useState<string | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  // The schema's output: the race as a 24-hour time and its course ('' and the placeholder alike mean none).
  const submit = form.handleSubmit((body) => {
    edit.mutate(
      { id: record.id, ...body, confirmCorrection: correction !== null },
      {
        onSuccess: (r) => {
          toast({ title: 'Tip Updated', description: r.message });
          onClose();
        },
        onError: (err) => {
          if (confirmationField(err) === 'confirmCorrection')
            setCorrection(errorMessage(err, 'This price differs from the published one.'));
          else
            toast({
              variant: 'destructive',
              title: 'Update Failed',
              description: errorMessage(err, 'Could not update the tip'),
            });
        },
      },
    );
  });

  const field = (name: FieldName, label: string, placeholder?: string) => (
    <Field
      label={label}
      placeholder={placeholder}
      autoComplete="off"
      {...form.register(name, { onChange: () => setCorrection(null) })}
      error={errors[name]?.message}
    />
  );

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        if (!edit.isPending) onClose();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-0 text-left text-slate-900 shadow-xl"
    >
      <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-3 p-5 sm:p-6">
        <h2 id={titleId} className="text-lg font-bold text-navy-900">
          Edit the pending {TYPE_LABELS[record.selectionType]} for {record.raceDate}
        </h2>
        {field('selectionName', 'Horse name')}
        {field('raceTime', 'Race time', '2:30')}
        {field('raceLocation', 'Course', 'Ascot')}
        {field('advisedOdds', 'Advised odds', '5/1')}
        {correction && (
          <p role="alert" className="rounded-md border border-gold-300 bg-gold-50 p-3 text-sm text-navy-900">
            {correction}
          </p>
        )}
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={edit.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={edit.isPending}>
            {edit.isPending ? 'Saving...' : correction ? 'Save as Correction' : 'Save Tip'}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
