import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MergeSummary } from '#shared/schemas/race-cards';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { toast } from '#web/components/ui/use-toast';
import { apiJson, errorMessage } from '#web/lib/request';
import { RACE_CARDS_METADATA_KEY } from '../api';

const CLARIFICATION = 'Data clarification required';

/** POST /api/vbg-race-cards/hard-coded-upload/preview: what re-processing would change (nothing is written). */
export interface ReprocessPreview {
  message: string;
  weekday: string;
  raceCount: number;
  horseCount: number;
  changes: MergeSummary;
}

function failed(message: string) {
  const unclear = message.includes(CLARIFICATION);
  toast({
    title: unclear ? 'Data Clarification Required' : 'Hard-Coded Processing Failed',
    description: unclear ? 'Excel file has unclear data that needs your review' : message,
    variant: 'destructive',
  });
}

const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** The changes as a short list; the lines that lose something come first and are marked. */
export function ChangeList({
  message,
  changes: c,
  children,
}: {
  message: string;
  changes: MergeSummary;
  children?: ReactNode;
}) {
  const lines: Array<{ text: string; loss?: boolean }> = [];
  if (c.racesRemoved || c.runnersRemoved)
    lines.push({
      text: `Removed: ${count(c.racesRemoved, 'race')} and ${count(c.runnersRemoved, 'runner')} no longer in the workbook`,
      loss: true,
    });
  if (c.laterValuesReplaced)
    lines.push({
      text: `Replaced: ${count(c.laterValuesReplaced, 'runner')} take the workbook's new values over later odds, non-runner flags or summaries`,
      loss: true,
    });
  if (c.racesKept)
    lines.push({
      text: `Kept: ${count(c.racesKept, 'race')} and ${count(c.runnersKept, 'runner')}, with their verdicts`,
    });
  if (c.laterValuesKept)
    lines.push({
      text: `Kept: what was set after stage 1 (morning odds, non-runner flags, summaries) for ${count(c.laterValuesKept, 'runner')}`,
    });
  if (c.racesAdded || c.runnersAdded)
    lines.push({ text: `Added: ${count(c.racesAdded, 'race')} and ${count(c.runnersAdded, 'runner')}` });
  return (
    <div className="grid gap-2">
      <p>{message}</p>
      <ul className="grid list-disc gap-1 pl-5" aria-label="Changes">
        {lines.map((l) => (
          <li key={l.text} className={l.loss ? 'font-semibold text-red-800' : undefined}>
            {l.text}
          </li>
        ))}
      </ul>
      {children}
    </div>
  );
}

/**
 * Re-process Last Workbook in two steps: the dry run says what would
 * change, the analyst confirms, and only then is the workbook re-processed.
 */
export function useReprocessWorkbook(onOutcome: (text: string | null) => void) {
  const queryClient = useQueryClient();
  const [preview, setPreview] = useState<ReprocessPreview | null>(null);
  const [busy, setBusy] = useState<'checking' | 'reprocessing' | null>(null);

  async function start() {
    setBusy('checking');
    onOutcome(null);
    try {
      setPreview(await apiJson<ReprocessPreview>('POST', '/api/vbg-race-cards/hard-coded-upload/preview', {}));
    } catch (err) {
      const message = errorMessage(err, 'Failed to re-process the master workbook');
      onOutcome(message);
      failed(message);
    } finally {
      setBusy(null);
    }
  }

  async function confirm() {
    setBusy('reprocessing');
    try {
      const body = await apiJson<{ message: string; raceCount: number; horseCount: number }>(
        'POST',
        '/api/vbg-race-cards/hard-coded-upload',
        {},
      );
      onOutcome(body.message);
      toast({ title: 'Workbook Re-processed', description: body.message });
    } catch (err) {
      const message = errorMessage(err, 'Failed to re-process the master workbook');
      onOutcome(message);
      failed(message);
    } finally {
      setBusy(null);
      setPreview(null);
      void queryClient.invalidateQueries({ queryKey: RACE_CARDS_METADATA_KEY });
    }
  }

  const dialog = (
    <ConfirmDialog
      open={preview !== null}
      title="Re-process the last workbook?"
      description={preview ? <ChangeList message={preview.message} changes={preview.changes} /> : ''}
      confirmLabel="Re-process"
      busyLabel="Re-processing..."
      destructive={
        !!preview &&
        (preview.changes.racesRemoved > 0 ||
          preview.changes.runnersRemoved > 0 ||
          preview.changes.laterValuesReplaced > 0)
      }
      busy={busy === 'reprocessing'}
      onConfirm={() => void confirm()}
      onCancel={() => setPreview(null)}
    />
  );
  return { start: () => void start(), busy, dialog };
}
