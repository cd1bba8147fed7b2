import { useState } from 'react';
import { toast } from '#web/components/ui/use-toast';
import { errorMessage } from '#web/lib/request';
import { useCheckMasterPdf, useClearPdfs, useRefreshDailyContent, useSplitMasterPdf, useUploadMasterPdf } from '../api';

/**
 * The race previews card's actions on the day's master PDF, each told in the card's status line
 * and a toast: what it did, or why it failed.
 */
export function useRacePreviewActions() {
  const [status, setStatus] = useState<string | null>(null);
  const upload = useUploadMasterPdf();
  const check = useCheckMasterPdf();
  const splitMaster = useSplitMasterPdf();
  const clear = useClearPdfs();
  const refreshContent = useRefreshDailyContent();
  const busy =
    upload.isPending || check.isPending || splitMaster.isPending || clear.isPending || refreshContent.isPending;

  function fail(title: string, err: unknown, fallback: string) {
    const description = errorMessage(err, fallback);
    setStatus(description);
    toast({ variant: 'destructive', title, description });
  }
  function done(title: string, message: string) {
    setStatus(message);
    toast({ title, description: message });
  }

  return {
    status,
    busy,
    pending: {
      upload: upload.isPending,
      check: check.isPending,
      split: splitMaster.isPending,
      refresh: refreshContent.isPending,
      clear: clear.isPending,
    },
    upload: (file: File, onUploaded: () => void) =>
      upload.mutate(file, {
        onSuccess: (result) => {
          setStatus(`${result.message} ${result.popupMessage}`);
          toast({ title: 'Master PDF Uploaded', description: result.message });
          onUploaded();
        },
        onError: (err) => fail('Upload Failed', err, 'Failed to upload the master PDF'),
      }),
    check: () =>
      check.mutate(undefined, {
        onSuccess: (result) => done(result.found ? 'Master PDF Found' : 'No Master PDF', result.message),
        onError: (err) => fail('Error', err, 'Failed to check for master PDF'),
      }),
    split: () =>
      splitMaster.mutate(undefined, {
        onSuccess: (result) => done('Race Previews Created', result.message),
        onError: (err) => fail('PDF Processing Failed', err, 'Failed to process the master PDF'),
      }),
    refresh: () =>
      refreshContent.mutate(undefined, {
        onSuccess: (result) => done('Content Processed', result.message),
        onError: (err) => fail('Error', err, 'Failed to process content'),
      }),
    /** `onSettled` runs first either way (the confirmation closes). */
    clear: (onSettled: () => void) =>
      clear.mutate(undefined, {
        onSuccess: (result) => {
          onSettled();
          done('PDFs Cleared', result.message);
        },
        onError: (err) => {
          onSettled();
          fail('Error', err, 'Failed to clear PDFs');
        },
      }),
  };
}
