import { CheckCircle2, XCircle } from 'lucide-react';
import { cn } from '#web/lib/cn';
import type { UploadResult } from '../upload';

/** The 'Stage N Complete' / 'Stage N Failed' panel with the server's message and popupMessage. */
export function StagePanel({ stage, result }: { stage: number; result: UploadResult }) {
  const Icon = result.success ? CheckCircle2 : XCircle;
  return (
    <div
      role="status"
      className={cn(
        'rounded-lg border p-4',
        result.success ? 'border-green-700 bg-green-50' : 'border-red-700 bg-red-50',
      )}
    >
      <p className={cn('flex items-center gap-2 font-bold', result.success ? 'text-green-800' : 'text-red-800')}>
        <Icon aria-hidden="true" className="h-5 w-5" />
        {result.success ? `Stage ${stage} Complete` : `Stage ${stage} Failed`}
      </p>
      <p className="mt-1 text-sm text-slate-800">{result.message}</p>
      {result.popupMessage && <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{result.popupMessage}</p>}
    </div>
  );
}

export function UploadProgress({ progress }: { progress: number }) {
  return (
    <div className="grid gap-1">
      <div
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-navy-900 transition-[width]" style={{ width: `${progress}%` }} />
      </div>
      <p className="text-xs text-slate-600">{progress < 100 ? `Uploading ${progress}%` : 'Processing the file...'}</p>
    </div>
  );
}
