import { useRef, useState } from 'react';
import { FileSearch, FileUp, Loader2, RefreshCw, Scissors, Trash2 } from 'lucide-react';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { Field } from '#web/components/ui/input';
import { toast } from '#web/components/ui/use-toast';
import { errorMessage } from '#web/lib/request';
import {
  useAdminRacePreviews,
  useCheckMasterPdf,
  useClearPdfs,
  useRefreshDailyContent,
  useSplitMasterPdf,
  useUploadMasterPdf,
} from '../api';

const spin = <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />;

/**
 * The Content Upload tab's "Race Previews" card: upload the day's master PDF, check it is
 * waiting, split it into one PDF per race, or clear the day's previews (decision 0007).
 */
export function AdminRacePreviews() {
  const [file, setFile] = useState<File | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [confirmClear, setConfirmClear] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useUploadMasterPdf();
  const check = useCheckMasterPdf();
  const splitMaster = useSplitMasterPdf();
  const clear = useClearPdfs();
  const refreshContent = useRefreshDailyContent();
  const stray = (useAdminRacePreviews().data ?? []).filter((p) => !p.matchesRace);
  const busy =
    upload.isPending || check.isPending || splitMaster.isPending || clear.isPending || refreshContent.isPending;

  function fail(title: string, err: unknown, fallback: string) {
    const description = errorMessage(err, fallback);
    setStatus(description);
    toast({ variant: 'destructive', title, description });
  }

  function submitUpload() {
    if (!file) {
      toast({
        variant: 'destructive',
        title: 'Missing Information',
        description: 'Please select the master preview PDF.',
      });
      return;
    }
    upload.mutate(file, {
      onSuccess: (result) => {
        setStatus(`${result.message} ${result.popupMessage}`);
        toast({ title: 'Master PDF Uploaded', description: result.message });
        setFile(null);
        if (fileInput.current) fileInput.current.value = '';
      },
      onError: (err) => fail('Upload Failed', err, 'Failed to upload the master PDF'),
    });
  }

  function runCheck() {
    check.mutate(undefined, {
      onSuccess: (result) => {
        setStatus(result.message);
        toast({ title: result.found ? 'Master PDF Found' : 'No Master PDF', description: result.message });
      },
      onError: (err) => fail('Error', err, 'Failed to check for master PDF'),
    });
  }

  function runSplit() {
    splitMaster.mutate(undefined, {
      onSuccess: (result) => {
        setStatus(result.message);
        toast({ title: 'Race Previews Created', description: result.message });
      },
      onError: (err) => fail('PDF Processing Failed', err, 'Failed to process the master PDF'),
    });
  }

  function runClear() {
    clear.mutate(undefined, {
      onSuccess: (result) => {
        setConfirmClear(false);
        setStatus(result.message);
        toast({ title: 'PDFs Cleared', description: result.message });
      },
      onError: (err) => {
        setConfirmClear(false);
        fail('Error', err, 'Failed to clear PDFs');
      },
    });
  }

  function runRefresh() {
    refreshContent.mutate(undefined, {
      onSuccess: (result) => {
        setStatus(result.message);
        toast({ title: 'Content Processed', description: result.message });
      },
      onError: (err) => fail('Error', err, 'Failed to process content'),
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
        <div className="flex flex-wrap gap-2">
          <Button onClick={submitUpload} disabled={busy}>
            {upload.isPending ? spin : <FileUp className="h-4 w-4" aria-hidden="true" />}
            Upload Master PDF
          </Button>
          <Button variant="outline" onClick={runCheck} disabled={busy}>
            {check.isPending ? spin : <FileSearch className="h-4 w-4" aria-hidden="true" />}
            Check for master PDF
          </Button>
          <Button variant="outline" onClick={runSplit} disabled={busy}>
            {splitMaster.isPending ? spin : <Scissors className="h-4 w-4" aria-hidden="true" />}
            Process Master PDF
          </Button>
          <Button variant="outline" onClick={runRefresh} disabled={busy}>
            {refreshContent.isPending ? spin : <RefreshCw className="h-4 w-4" aria-hidden="true" />}
            Process Daily Content
          </Button>
          <Button variant="outline" onClick={() => setConfirmClear(true)} disabled={busy}>
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            Clear PDFs
          </Button>
        </div>
        {stray.length > 0 && (
          <p
            className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-slate-900"
            data-testid="stray-previews"
          >
            Not on today&apos;s cards, so members do not see them:{' '}
            {stray.map((p) => `${p.raceTime} ${p.course}`).join(', ')}. Upload today&apos;s cards, or process the right
            master PDF.
          </p>
        )}
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
        busy={clear.isPending}
        busyLabel="Clearing..."
        onConfirm={runClear}
        onCancel={() => setConfirmClear(false)}
      />
    </Card>
  );
}
