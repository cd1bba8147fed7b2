import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { QueryView } from '#web/components/ui/query-view';
import { Skeleton } from '#web/components/ui/skeleton';
import { useProofingStatus } from '../api';

/** Today's outside time-stamps and lodgement e-mails, for the admin who has just published. */
export function ProofingStatusPanel() {
  const status = useProofingStatus();
  return (
    <Card data-testid="proofing-status">
      <CardHeader>
        <CardTitle>Proofing: Today&apos;s Time-stamps</CardTitle>
        <CardDescription>
          Each publication&apos;s receipts are time-stamped by an outside authority and lodged by e-mail. A selection
          counts as proofed only when a time-stamp covering it came before its race was off.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <QueryView
          query={status}
          loading={<Skeleton className="h-16 w-full" />}
          errorText="The time-stamp status could not be read."
          errorClassName="text-sm text-red-800"
          isEmpty={(data) => data.stamps.length === 0 && !data.message}
          empty={<p className="text-slate-700">Nothing published today yet.</p>}
        >
          {(data) => (
            <>
              {data.message && <p className="font-semibold text-amber-900">{data.message}</p>}
              <ul className="grid gap-2">
                {data.stamps.map((s) => (
                  <li key={s.receipts} className="rounded-md border border-slate-200 p-2">
                    <p className="font-semibold text-navy-900">
                      After {s.receipts} receipt{s.receipts === 1 ? '' : 's'}{' '}
                      <span className="break-all font-mono text-xs font-normal text-slate-600">{s.root}</span>
                    </p>
                    {s.lines.map((line) => (
                      <p key={line} className={s.status === 'stamped' ? 'text-green-800' : 'text-slate-800'}>
                        {line}
                      </p>
                    ))}
                  </li>
                ))}
              </ul>
            </>
          )}
        </QueryView>
      </CardContent>
    </Card>
  );
}
