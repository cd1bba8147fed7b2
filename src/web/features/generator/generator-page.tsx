import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Calculator, Plus } from 'lucide-react';
import { findRace, raceGroups } from '#shared/generator/races';
import { rowsFromRace } from '#shared/generator/rows';
import { nextSort, sortRows, type SortState } from '#shared/generator/sort';
import type { RaceCard } from '#shared/schemas/race-cards';
import { PageHeader } from '#web/components/page-header';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Switch } from '#web/components/ui/switch';
import { toast } from '#web/components/ui/use-toast';
import { errorMessage } from '#web/lib/request';
import { fetchRace, useRaceLists } from '../race-cards/api';
import { useRaceCardEvents } from '../race-cards/use-race-card-events';
import { GeneratorCards } from './generator-cards';
import { GeneratorTable, type GeneratorViewProps } from './generator-table';
import { HelpNotes } from './help-notes';
import { RaceSelector } from './race-selector';
import { GeneratorBet } from '../my-bets/generator-bet';
import { useGenerator } from './use-generator';
import { useMediaQuery } from './use-media-query';
import { ValueLegend } from './value-legend';

/** The VB Tissue Odds Generator (inside the members gate of the route table). */
export function GeneratorPage() {
  const queryClient = useQueryClient();
  const lists = useRaceLists();
  useRaceCardEvents(); // the analyst's upload shows in the race list at once
  const groups = lists.data ? raceGroups(lists.data) : lists.isError ? [] : null;
  const { state, change, calculate } = useGenerator();
  const [raceValue, setRaceValue] = useState('');
  const [race, setRace] = useState<RaceCard | null>(null);
  const [loading, setLoading] = useState(false);
  const [sort, setSort] = useState<SortState | null>(null);
  const wide = useMediaQuery('(min-width: 1024px)');
  const pick = useRef(0);

  async function selectRace(value: string) {
    setRaceValue(value);
    const summary = groups ? findRace(groups, value) : undefined;
    if (!summary) return;
    const ticket = ++pick.current;
    setLoading(true);
    try {
      const card = await queryClient.fetchQuery({
        queryKey: ['generator', 'race', summary.id],
        queryFn: () => fetchRace(summary.id),
        staleTime: 0,
      });
      if (ticket !== pick.current) return; // a later pick won
      setRace(card);
      setSort(null);
      change({ type: 'load', rows: rowsFromRace(card.horses) });
    } catch (err) {
      if (ticket === pick.current)
        toast({
          title: 'Failed to fetch race',
          description: errorMessage(err, 'Please try again.'),
          variant: 'destructive',
        });
    } finally {
      if (ticket === pick.current) setLoading(false);
    }
  }

  const view: GeneratorViewProps = {
    rows: sortRows(state.rows, sort),
    calculated: state.calculated,
    sort,
    onSort: (key) => setSort((s) => nextSort(s, key)),
    onEdit: (id, field, text) => change({ type: 'edit', id, field, text }),
    onRemove: (id) => change({ type: 'remove', id }),
    onConfirmRunner: (id) => change({ type: 'confirmRunner', id }),
    canRemove: state.rows.length > 1,
  };

  return (
    <>
      <PageHeader
        title="VB Tissue Odds Generator"
        subtitle="Tissue odds and value scores from the VB ratings and the latest prices."
      />
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8">
        <Card>
          <CardHeader>
            <CardTitle>Race</CardTitle>
            <CardDescription>Today’s and tomorrow’s races from the uploaded race cards.</CardDescription>
          </CardHeader>
          <CardContent>
            <RaceSelector groups={groups} value={raceValue} onChange={(v) => void selectRace(v)} />
          </CardContent>
        </Card>

        <Card>
          <CardHeader className="gap-3">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div>
                <CardTitle>{race ? `${race.time} ${race.course}` : 'Generator'}</CardTitle>
                <CardDescription>{race ? race.title : 'Choose a race, or add horses by hand.'}</CardDescription>
              </div>
              <div className="flex items-center gap-3">
                <Switch
                  id="market-correction"
                  checked={state.marketCorrection}
                  onCheckedChange={(on) => change({ type: 'setMarketCorrection', on })}
                  aria-labelledby="market-correction-label"
                  aria-describedby="market-correction-hint"
                />
                <div>
                  <span id="market-correction-label" className="block font-semibold text-navy-900">
                    Market Correction
                  </span>
                  <span id="market-correction-hint" className="block text-xs text-slate-600">
                    Recommended: automatically adjusts outlier horses
                  </span>
                </div>
              </div>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => change({ type: 'add' })}>
                <Plus aria-hidden="true" className="h-4 w-4" />
                Add Horse
              </Button>
              <Button onClick={calculate}>
                <Calculator aria-hidden="true" className="h-4 w-4" />
                Calculate
              </Button>
            </div>
          </CardHeader>
          <CardContent aria-busy={loading}>
            {wide ? <GeneratorTable {...view} /> : <GeneratorCards {...view} />}
          </CardContent>
        </Card>
        <GeneratorBet race={race} rows={state.rows} />

        <div className="grid gap-6 lg:grid-cols-2">
          <HelpNotes />
          <ValueLegend />
        </div>
      </div>
    </>
  );
}
