import { Loader2, RefreshCw } from 'lucide-react';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/components/ui/use-toast';
import { errorMessage } from '#web/lib/request';
import { useRescoreTissue } from '../api';

/** The nightly scoring of the tissue against the market (/value-calibration), run now. */
export function RescoreTissue() {
  const rescore = useRescoreTissue();
  const run = () =>
    rescore.mutate(undefined, {
      onSuccess: (answer) => toast({ title: 'Tissue rescored', description: answer.message }),
      onError: (err) =>
        toast({
          variant: 'destructive',
          title: 'Rescore failed',
          description: errorMessage(err, 'The tissue could not be scored.'),
        }),
    });
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700" data-testid="rescore-tissue">
      <Button size="sm" variant="outline" onClick={run} disabled={rescore.isPending}>
        {rescore.isPending ? (
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
        ) : (
          <RefreshCw className="h-4 w-4" aria-hidden="true" />
        )}
        Rescore the tissue
      </Button>
      <span>
        Scores the VB tissue against the Betfair SP on the Value Calibration page now, with the results and BSPs as they
        stand (it runs itself every night).
      </span>
    </div>
  );
}
