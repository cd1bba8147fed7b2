import { useId, useState } from 'react';
import { ODDS_FORMATS, type OddsFormat } from '#shared/odds-format';
import type { CurrentUser } from '#shared/schemas/auth';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { toast } from '#web/components/ui/use-toast';
import { errorMessage } from '#web/lib/request';
import { useSetOddsFormat } from './use-odds';

const LABELS: Record<OddsFormat, { title: string; example: string }> = {
  fractional: { title: 'Fractional', example: '5/1, 11/4, evs' },
  decimal: { title: 'Decimal', example: '6.00, 3.75, 2.00' },
};

/** My Account: how odds are shown on race cards, the generator, tips and results. */
export function OddsFormatCard({ user }: { user: CurrentUser }) {
  const name = useId();
  const save = useSetOddsFormat();
  // Shown chosen at once; put back if the server refuses.
  const [chosen, setChosen] = useState<OddsFormat>(user.oddsFormat);

  function choose(format: OddsFormat) {
    setChosen(format);
    save.mutate(format, {
      onSuccess: (result) => toast({ title: 'Odds format saved', description: result.message }),
      onError: (err) => {
        setChosen(user.oddsFormat);
        toast({
          title: 'Update Failed',
          description: errorMessage(err, 'Could not save your odds format'),
          variant: 'destructive',
        });
      },
    });
  }

  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>Odds Format</CardTitle>
        <CardDescription>How prices are shown to you across the site.</CardDescription>
      </CardHeader>
      <CardContent>
        <fieldset className="grid gap-2 sm:grid-cols-2" disabled={save.isPending}>
          <legend className="sr-only">Odds format</legend>
          {ODDS_FORMATS.map((format) => (
            <label
              key={format}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-200 p-4 has-[:checked]:border-navy-900 has-[:checked]:bg-navy-50"
            >
              <input
                type="radio"
                name={name}
                value={format}
                checked={chosen === format}
                onChange={() => choose(format)}
                className="h-4 w-4"
              />
              <span>
                <span className="block font-semibold text-navy-900">{LABELS[format].title}</span>
                <span className="block text-sm text-slate-700">{LABELS[format].example}</span>
              </span>
            </label>
          ))}
        </fieldset>
      </CardContent>
    </Card>
  );
}
