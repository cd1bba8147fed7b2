import { useId, useState } from 'react';
import type { GeneratorRow } from '#shared/generator/rows';
import { valueDownTo } from '#shared/odds-format';
import type { RaceCard } from '#shared/schemas/race-cards';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Label } from '#web/components/ui/input';
import { useFormatOdds, useOddsFormat } from '../odds-preference/use-odds';
import { valueDownToText } from '../odds-preference/value-down-to';
import { LogBetForm } from './log-bet-form';

/**
 * Under the generator, for a race from the cards: pick a row, see the shortest price still value
 * with the odds as they stand now, and log a bet at the price taken (decision 0031).
 */
export function GeneratorBet({ race, rows }: { race: RaceCard | null; rows: GeneratorRow[] }) {
  const [name, setName] = useState('');
  const format = useOddsFormat();
  const odds = useFormatOdds();
  const selectId = useId();
  if (!race) return null;
  const named = rows.filter((r) => r.name.trim());
  const field = named.map((r) => ({
    name: r.name,
    rating: r.rating,
    adjustment: r.adjustment,
    marketOdds: r.marketOdds,
  }));
  const index = named.findIndex((r) => r.name === name);
  const row = index >= 0 ? named[index] : undefined;
  const downTo = index >= 0 ? valueDownTo(field, index) : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Log a bet from this race</CardTitle>
        <CardDescription>With the odds as they stand in the generator.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="grid gap-1.5 sm:max-w-xs">
          <Label htmlFor={selectId}>Horse</Label>
          <select
            id={selectId}
            value={name}
            onChange={(e) => setName(e.target.value)}
            className="block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900"
          >
            <option value="">Choose a horse</option>
            {named.map((r) => (
              <option key={r.id} value={r.name}>
                {r.name}
              </option>
            ))}
          </select>
        </div>
        {row && (
          <>
            <p className="text-sm text-slate-800" data-testid="generator-value-down-to">
              {downTo
                ? `Value down to ${valueDownToText(downTo, format)}`
                : 'No tissue price: give it a rating and odds.'}
            </p>
            <LogBetForm
              key={row.id}
              target={{
                raceDate: race.raceDate,
                raceTime: race.time,
                course: race.course,
                horseName: row.name,
                price: row.marketOdds > 0 ? odds(row.marketOdds) : '',
                source: 'generator',
              }}
              onDone={() => setName('')}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
