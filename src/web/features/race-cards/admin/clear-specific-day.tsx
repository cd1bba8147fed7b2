import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/use-toast';
import { apiJson, errorMessage } from '../../../lib/request';
import { RACE_CARDS_METADATA_KEY } from '../api';

const DAYS = [
  { key: 'yesterday', label: 'Yesterday' },
  { key: 'today', label: 'Today' },
  { key: 'tomorrow', label: 'Tomorrow' },
] as const;
type Day = (typeof DAYS)[number];

/** Clear Specific Day: the races of yesterday, today or tomorrow (by London date), each behind a confirmation. */
export function ClearSpecificDay() {
  const queryClient = useQueryClient();
  const [clearing, setClearing] = useState<Day | null>(null);
  const [busy, setBusy] = useState(false);

  async function clear(day: Day) {
    setBusy(true);
    try {
      const body = await apiJson<{ message?: string } | null>('DELETE', `/api/vbg-race-cards/clear-day/${day.key}`);
      toast({ title: 'Cleared', description: body?.message ?? `${day.label}'s race cards cleared.` });
      void queryClient.invalidateQueries({ queryKey: RACE_CARDS_METADATA_KEY });
    } catch (err) {
      toast({ title: 'Upload Failed', description: `Clear Failed: ${errorMessage(err, 'Could not clear the race cards')}`, variant: 'destructive' });
    } finally {
      setBusy(false);
      setClearing(null);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Clear Specific Day</CardTitle>
        <CardDescription>Removes every race card dated yesterday, today or tomorrow.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        {DAYS.map((d) => (
          <Button key={d.key} variant="outline" onClick={() => setClearing(d)}>
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            {d.label}
          </Button>
        ))}
      </CardContent>
      <ConfirmDialog
        open={clearing !== null}
        title={clearing ? `Clear ${clearing.label}'s race cards?` : 'Clear'}
        description={clearing ? `All race cards dated ${clearing.label.toLowerCase()} will be removed. This cannot be undone.` : ''}
        confirmLabel="Clear"
        busyLabel="Clearing..."
        destructive
        busy={busy}
        onConfirm={() => clearing && void clear(clearing)}
        onCancel={() => setClearing(null)}
      />
    </Card>
  );
}
