import { Loader2, RefreshCw } from 'lucide-react';
import { londonDate } from '#shared/london-time';
import type { TipRecord } from '#shared/schemas/performance';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card';
import { DataTable, type Column } from '#web/components/ui/data-table';
import { QueryView } from '#web/components/ui/query-view';
import { toast } from '#web/components/ui/use-toast';
import { errorMessage } from '#web/lib/request';
import { useAutoPopulate, usePerformanceHistory } from '../api';
import { HistoryRow } from './history-row';

const HISTORY_COLUMNS: Array<Column<TipRecord>> = [
  'Date',
  'Selection',
  'Type',
  'Race',
  'Advised Odds',
  'Result',
  'P/L',
  'Settle',
  'Edit',
].map((header) => ({ header }));

export function PerformanceHistory() {
  const history = usePerformanceHistory();
  const autoPopulate = useAutoPopulate();

  function populate() {
    autoPopulate.mutate(londonDate(new Date()), {
      // The server says what was added, updated or left alone: shown as it is.
      onSuccess: (result) => toast({ title: 'Success', description: result.message }),
      onError: (err) =>
        toast({
          variant: 'destructive',
          title: 'Error',
          description: `Failed to populate performance tracking: ${errorMessage(err, 'please try again')}`,
        }),
    });
  }

  return (
    <Card>
      <CardHeader className="sm:flex-row sm:items-center sm:justify-between">
        <CardTitle as="h3">Tipping Performance History</CardTitle>
        <Button variant="outline" onClick={populate} disabled={autoPopulate.isPending}>
          {autoPopulate.isPending ? (
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
          ) : (
            <RefreshCw className="h-4 w-4" aria-hidden="true" />
          )}
          Auto-Populate Today&apos;s Tips
        </Button>
      </CardHeader>
      <CardContent>
        <QueryView
          query={history}
          loading={
            <p role="status" className="py-6 text-center text-slate-600">
              Loading performance history...
            </p>
          }
          errorText="Could not load the performance history."
          errorClassName="py-6 text-center text-red-800"
          isEmpty={(records) => records.length === 0}
          empty={
            <p className="py-6 text-center text-slate-600">
              No tipping history found. Start by recording your first set of daily tips.
            </p>
          }
        >
          {(records) => (
            <DataTable
              caption="Tipping history"
              captionHidden
              columns={HISTORY_COLUMNS}
              rows={records}
              rowKey={(record) => record.id}
              renderRow={(record) => <HistoryRow key={record.id} record={record} />}
              className="min-w-[64rem] text-left"
              scrollClassName="relative w-0 min-w-full"
            />
          )}
        </QueryView>
      </CardContent>
    </Card>
  );
}
