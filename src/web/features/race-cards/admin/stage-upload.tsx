import { useId, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { type Weekday, weekdayName } from '#shared/london-time';
import { Button } from '#web/components/ui/button';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Input, Label } from '#web/components/ui/input';
import { toast } from '#web/components/ui/use-toast';
import { RACE_CARDS_METADATA_KEY } from '../api';
import { uploadWithProgress, type UploadResult } from '../upload';
import { StagePanel, UploadProgress } from './stage-panel';

export interface StageUploadProps {
  stage: number;
  title: string;
  description: string;
  fileLabel: string;
  accept: string;
  url: string;
  field: string;
  buttonLabel: string;
  weekday: Weekday;
  /** Shown instead of the chosen weekday (stage 1 chooses it here). */
  weekdayPicker?: ReactNode;
  /** What the file line says before a file is chosen. */
  noFileText?: string;
  fileTestId?: string;
  /** Stage 1 refreshes the weekday counts after a failed upload too. */
  refreshAfterFailure?: boolean;
  /** Notes shown above the upload button. */
  children?: ReactNode;
  /**
   * Asked first: the file goes to `url` (which writes nothing) and the admin confirms what
   * `describe` makes of its answer before the upload itself; when `describe` finds nothing to
   * confirm (null), the upload goes at once.
   */
  preview?: { url: string; describe: (answer: UploadResult) => UploadConfirmation | null };
  /** Adjusts the answer shown after the upload (e.g. what it meant for another stage). */
  onUploaded?: (answer: UploadResult) => UploadResult;
}

export interface UploadConfirmation {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  destructive: boolean;
}

/**
 * Sending a stage's file: first to the preview (when there is one) and the admin's confirmation,
 * then the upload itself with its progress; the answer is told and the race-card lists read again.
 */
function useStageUpload({
  stage,
  url,
  field,
  weekday,
  refreshAfterFailure,
  preview,
  onUploaded,
}: Pick<StageUploadProps, 'stage' | 'url' | 'field' | 'weekday' | 'refreshAfterFailure' | 'preview' | 'onUploaded'>) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<UploadResult | null>(null);
  const [pending, setPending] = useState<{ form: FormData; confirmation: UploadConfirmation } | null>(null);

  function failed(answer: UploadResult) {
    setResult(answer);
    toast({ title: 'Upload Failed', description: `Stage ${stage} Failed: ${answer.message}`, variant: 'destructive' });
  }

  async function upload(file: File | null) {
    if (!file) {
      toast({ title: 'Upload Failed', description: 'No file selected', variant: 'destructive' });
      return;
    }
    const form = new FormData();
    form.append('targetTab', weekday);
    form.append(field, file);
    setResult(null);
    if (preview) {
      setProgress(0);
      const answer = await uploadWithProgress(preview.url, form, setProgress);
      setProgress(null);
      if (!answer.success) {
        failed(answer);
        return;
      }
      const confirmation = preview.describe(answer);
      if (confirmation) {
        setPending({ form, confirmation });
        return;
      }
    }
    await send(form);
  }

  async function send(form: FormData) {
    setPending(null);
    setProgress(0);
    const sent = await uploadWithProgress(url, form, setProgress);
    const answer = sent.success && onUploaded ? onUploaded(sent) : sent;
    setProgress(null);
    if (!answer.success) {
      failed(answer);
      if (refreshAfterFailure) void queryClient.invalidateQueries({ queryKey: RACE_CARDS_METADATA_KEY });
      return;
    }
    setResult(answer);
    toast({ title: `Stage ${stage} Complete`, description: answer.message });
    void queryClient.invalidateQueries({ queryKey: RACE_CARDS_METADATA_KEY });
  }

  return {
    progress,
    result,
    clearResult: () => setResult(null),
    pending,
    dropPending: () => setPending(null),
    upload,
    send,
  };
}

/** A file upload stage: the chosen weekday goes as targetTab, progress through XMLHttpRequest. */
export function StageUpload(props: StageUploadProps) {
  const {
    stage,
    title,
    description,
    fileLabel,
    accept,
    buttonLabel,
    weekday,
    weekdayPicker,
    noFileText = 'No file chosen',
    fileTestId,
    children,
  } = props;
  const [file, setFile] = useState<File | null>(null);
  const fileId = useId();
  const { progress, result, clearResult, pending, dropPending, upload, send } = useStageUpload(props);
  const uploading = progress !== null;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {weekdayPicker ?? (
          <p className="text-sm text-slate-700">
            Target weekday: <span className="font-semibold text-navy-900">{weekdayName(weekday)}</span>
          </p>
        )}
        <div className="grid gap-1.5">
          <Label htmlFor={fileId}>{fileLabel}</Label>
          <Input
            id={fileId}
            type="file"
            accept={accept}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              clearResult();
            }}
          />
          <p className="text-xs text-slate-600" data-testid={fileTestId}>
            {file ? `${file.name} (${(file.size / 1024).toFixed(1)} KB)` : noFileText}
          </p>
        </div>
        {children}
        <div>
          <Button onClick={() => void upload(file)} disabled={!file || uploading}>
            <Upload aria-hidden="true" className="h-4 w-4" />
            {uploading ? 'Uploading...' : buttonLabel}
          </Button>
        </div>
        {progress !== null && <UploadProgress progress={progress} />}
        {result && <StagePanel stage={stage} result={result} />}
        <ConfirmDialog
          open={pending !== null}
          title={pending?.confirmation.title ?? ''}
          description={pending?.confirmation.description ?? ''}
          confirmLabel={pending?.confirmation.confirmLabel ?? 'Upload'}
          destructive={pending?.confirmation.destructive}
          onConfirm={() => pending && void send(pending.form)}
          onCancel={dropPending}
        />
      </CardContent>
    </Card>
  );
}
