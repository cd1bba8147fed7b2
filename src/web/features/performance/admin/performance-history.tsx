import { Loader2, RefreshCw } from 'lucide-react';
import { londonDate } from '#shared/london-time';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card';
import { ScrollRegion } from '#web/components/ui/scroll-region';
import { toast } from '#web/components/ui/use-toast';
import { errorMessage } from '#web/lib/request';
import { useAutoPopulate, usePerformanceHistory } from '../api';
import { HistoryRow } from './history-row';

export function PerformanceHistory() {
  const history = usePerformanceHistory();
  const autoPopulate = useAutoPopulate();

  function populate() {
    autoPopulate.mutate(londonDate(new Date()), {
      // The server says what was added, updated or left alone (issue 16 item 2): shown as it is.
      onSuccess: (result) => toast({ title: 'Success', description: result.message }),
      onError: (err) => toast({ variant: 'destructive', title: 'Error', description: `Failed to populate performance tracking: ${errorMessage(err, 'please try again')}` }),
    });
  }

  return (
    <Card>
      <CardHeader className="sm:flex-row sm:items-center sm:justify-between">
        <CardTitle as="h3">Tipping Performance History</CardTitle>
        <Button variant="outline" onClick={populate} disabled={autoPopulate.isPending}>
          {autoPopulate.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <RefreshCw className="h-4 w-4" aria-hidden="true" />}
          Auto-Populate Today&apos;s Tips
        </Button>
      </CardHeader>
      <CardContent>
        {history.isPending ? (
          <p role="status" className="py-6 text-center text-slate-600">
            Loading performance history...
          </p>
        ) : history.isError ? (
          <p role="alert" className="py-6 text-center text-red-800">
            {errorMessage(history.error, 'Could not load the performance history.')}
          </p>
        ) : history.data.length === 0 ? (
          <p className="py-6 text-center text-slate-600">No tipping history found. Start by recording your first set of daily tips.</p>
        ) : (
          <ScrollRegion label="Tipping history" className="relative w-0 min-w-full">
            <table className="w-full min-w-[64rem] text-left text-sm">
              <thead className="border-b border-slate-300 text-slate-700">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Date
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Selection
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Type
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Race
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Advised Odds
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Result
                  </th>
                  <th scope="col" className="px-3 py-2">
                    P/L
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Settle
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Edit
                  </th>
                </tr>
              </thead>
              <tbody>
                {history.data.map((record) => (
                  <HistoryRow key={record.id} record={record} />
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </CardContent>
    </Card>
  );
}
