import { Info } from 'lucide-react';
import { eachWayChangeText } from '#shared/my-bets';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/components/ui/use-toast';
import { errorMessage } from '#web/lib/request';
import { useDismissEachWayNotice, useEachWayNotice } from './api';

/**
 * Told once (decision 0034): how reading each-way stakes per part changed the member's record,
 * with the figures before and after, until they dismiss it.
 */
export function EachWayNotice() {
  const query = useEachWayNotice();
  const dismiss = useDismissEachWayNotice();
  const change = query.data?.notice;
  if (!change) return null;
  const { title, lines } = eachWayChangeText(change);
  return (
    <section
      aria-labelledby="each-way-notice-title"
      className="flex gap-3 rounded-lg border border-gold-300 bg-gold-50 p-4 text-sm text-navy-900"
    >
      <Info className="mt-0.5 h-5 w-5 shrink-0 text-gold-800" aria-hidden="true" />
      <div className="grid gap-2">
        <h2 id="each-way-notice-title" className="font-bold">
          {title}
        </h2>
        {lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
        <div>
          <Button
            variant="outline"
            size="sm"
            disabled={dismiss.isPending}
            onClick={() =>
              dismiss.mutate(undefined, {
                onError: (err) =>
                  toast({
                    title: 'Could not dismiss',
                    description: errorMessage(err, 'Please try again.'),
                    variant: 'destructive',
                  }),
              })
            }
          >
            Got it, don’t show again
          </Button>
        </div>
      </div>
    </section>
  );
}
