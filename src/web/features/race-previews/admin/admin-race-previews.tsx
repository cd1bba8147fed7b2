import { useRef, useState } from 'react';
import { FileSearch, FileUp, Loader2, RefreshCw, Scissors, Trash2 } from 'lucide-react';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { Field } from '#web/components/ui/input';
import { toast } from '#web/components/ui/use-toast';
import { useAdminRacePreviews } from '../api';
import { useRacePreviewActions } from './use-race-preview-actions';

const spin = <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />;

/**
 * The Content Upload tab's "Race Previews" card: upload the day's master PDF, check it is
 * waiting, split it into one PDF per race, or clear the day's previews (decision 0007).
 */
export function AdminRacePreviews() {
  const [file, setFile] = useState<File | null>(null);
  const [confirmClear, setConfirmClear] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const actions = useRacePreviewActions();
  const { pending, status } = actions;

  function submitUpload() {
    if (!file) {
      toast({
        variant: 'destructive',
        title: 'Missing Information',
        description: 'Please select the master preview PDF.',
      });
      return;
    }
    actions.upload(file, () => {
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3" size="md">
          Race Previews
        </CardTitle>
        <CardDescription>
          Upload the day’s master preview PDF, then process it into one PDF per race. Each race starts on a page with a
          line such as “14:30 Ascot”; put “FEATURE RACE” on a page to show that race in gold.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid max-w-xl gap-3">
          <Field
            ref={fileInput}
            label="Master preview PDF"
            type="file"
            accept=".pdf,application/pdf"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            hint="PDF only, up to 20 MB. It replaces any master still waiting."
          />
          {file && (
            <p className="text-sm text-slate-700" data-testid="selected-master">
              Selected: <strong>{file.name}</strong> ({(file.size / 1024).toFixed(1)} KB)
            </p>
          )}
        </div>
        <ActionButtons actions={actions} onUpload={submitUpload} onClear={() => setConfirmClear(true)} />
        <StrayPreviews />
        <p
          role="status"
          aria-live="polite"
          data-testid="race-previews-status"
          className={status ? 'rounded-md bg-slate-50 p-3 text-sm text-slate-800' : 'sr-only'}
        >
          {status ?? ''}
        </p>
      </CardContent>
      <ConfirmDialog
        open={confirmClear}
        title="Clear today’s race previews?"
        description="Members will no longer see today’s preview PDFs until a master PDF is processed again."
        confirmLabel="Clear PDFs"
        destructive
        busy={pending.clear}
        busyLabel="Clearing..."
        onConfirm={() => actions.clear(() => setConfirmClear(false))}
        onCancel={() => setConfirmClear(false)}
      />
    </Card>
  );
}

/** Upload, check, split, refresh and clear: one at a time. */
function ActionButtons({
  actions,
  onUpload,
  onClear,
}: {
  actions: ReturnType<typeof useRacePreviewActions>;
  onUpload: () => void;
  onClear: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button onClick={onUpload} disabled={actions.busy}>
        {actions.pending.upload ? spin : <FileUp className="h-4 w-4" aria-hidden="true" />}
        Upload Master PDF
      </Button>
      <Button variant="outline" onClick={actions.check} disabled={actions.busy}>
        {actions.pending.check ? spin : <FileSearch className="h-4 w-4" aria-hidden="true" />}
        Check for master PDF
      </Button>
      <Button variant="outline" onClick={actions.split} disabled={actions.busy}>
        {actions.pending.split ? spin : <Scissors className="h-4 w-4" aria-hidden="true" />}
        Process Master PDF
      </Button>
      <Button variant="outline" onClick={actions.refresh} disabled={actions.busy}>
        {actions.pending.refresh ? spin : <RefreshCw className="h-4 w-4" aria-hidden="true" />}
        Process Daily Content
      </Button>
      <Button variant="outline" onClick={onClear} disabled={actions.busy}>
        <Trash2 className="h-4 w-4" aria-hidden="true" />
        Clear PDFs
      </Button>
    </div>
  );
}

/** The day's previews no race on today's cards matches: members do not see them. */
function StrayPreviews() {
  const stray = (useAdminRacePreviews().data ?? []).filter((p) => !p.matchesRace);
  if (stray.length === 0) return null;
  return (
    <p
      className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-slate-900"
      data-testid="stray-previews"
    >
      Not on today&apos;s cards, so members do not see them: {stray.map((p) => `${p.raceTime} ${p.course}`).join(', ')}.
      Upload today&apos;s cards, or process the right master PDF.
    </p>
  );
}
