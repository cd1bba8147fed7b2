import { useState, type FormEvent } from 'react';
import { Loader2, Save } from 'lucide-react';
import { londonDate } from '#shared/london-time';
import type { TipRecordBody } from '#shared/schemas/performance';
import { SELECTION_TYPES, type SelectionType } from '#shared/tip-stats';
import { Button } from '#web/components/ui/button';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Field } from '#web/components/ui/input';
import { toast } from '#web/components/ui/use-toast';
import { confirmationField, errorMessage } from '#web/lib/request';
import { useRecordTips } from '../api';

const CARDS: Record<SelectionType, { title: string; odds: string }> = {
  nap: { title: 'NAP (Main Selection)', odds: '5/1' },
  nb: { title: 'NB (Next Best)', odds: '8/1' },
  longshot: { title: 'Longshot', odds: '20/1' },
};

interface Entry {
  horse: string;
  race: string;
  odds: string;
}
const EMPTY: Entry = { horse: '', race: '', odds: '' };
/** A selection's fields; the advised odds show the card's example price. */
const ENTRY_FIELDS: Array<{ field: keyof Entry; label: string; placeholder?: string }> = [
  { field: 'horse', label: 'Horse name', placeholder: 'Horse name' },
  { field: 'race', label: 'Race time/course', placeholder: '2:30 Ascot' },
  { field: 'odds', label: 'Advised odds' },
];
const emptyEntries = (): Record<SelectionType, Entry> => ({
  nap: { ...EMPTY },
  nb: { ...EMPTY },
  longshot: { ...EMPTY },
});

/** The entries with both a horse name and a race, as the record's bodies (odds may be empty). */
function bodiesOf(date: string, entries: Record<SelectionType, Entry>): TipRecordBody[] {
  return SELECTION_TYPES.filter((type) => entries[type].horse.trim() && entries[type].race.trim()).map((type) => ({
    raceDate: date,
    raceTime: entries[type].race.trim(),
    raceLocation: 'Daily Tips',
    selectionName: entries[type].horse.trim(),
    selectionType: type,
    advisedOdds: entries[type].odds.trim(),
    startingPrice: null,
    result: null,
    profitLoss: null,
  }));
}

/**
 * Sending tips to the record: `onSaved` hears which types were saved; a price other than the
 * published one comes back to confirm as a correction; any other refusal is told.
 */
function useTipRecording(onSaved: (types: SelectionType[]) => void) {
  // Entries the server refused until the analyst confirms them as price corrections, with its words.
  const [corrections, setCorrections] = useState<Array<{ entry: TipRecordBody; message: string }>>([]);
  const recordTips = useRecordTips();

  function send(bodies: TipRecordBody[]) {
    recordTips.mutate(bodies, {
      onSuccess: ({ saved, failures }) => {
        onSaved(saved.map((s) => s.entry.selectionType));
        // A price other than the published one is recorded only once confirmed as a correction.
        const toConfirm = failures.filter((f) => confirmationField(f.error) === 'confirmCorrection');
        setCorrections(
          toConfirm.map((f) => ({
            entry: f.entry,
            message: errorMessage(f.error, 'This price differs from the published one.'),
          })),
        );
        const refusals = failures.filter((f) => !toConfirm.includes(f));
        // The server's own words: they say when a pending tip of that type was replaced.
        const savedText = saved.map((s) => s.message);
        if (refusals.length === 0) {
          if (saved.length > 0) toast({ title: 'Tips Recorded', description: savedText.join(' ') });
        } else {
          const refused = refusals.map((f) => errorMessage(f.error, 'Could not save tips to database'));
          toast({
            variant: 'destructive',
            title: 'Failed to Save Tips',
            description: [...refused, ...savedText].join(' '),
          });
        }
      },
      onError: (err) =>
        toast({
          variant: 'destructive',
          title: 'Failed to Save Tips',
          description: errorMessage(err, 'Could not save tips to database'),
        }),
    });
  }

  function confirmCorrections() {
    const bodies = corrections.map((c) => ({ ...c.entry, confirmCorrection: true }));
    setCorrections([]);
    send(bodies);
  }

  return {
    send,
    pending: recordTips.isPending,
    corrections,
    confirmCorrections,
    dropCorrections: () => setCorrections([]),
  };
}

/** Record New Tips: the day's NAP, NB and longshot added to the proofed record. */
export function RecordTips() {
  const [date, setDate] = useState(() => londonDate(new Date()));
  const [entries, setEntries] = useState(emptyEntries);
  // What was saved is cleared; what was refused stays in the form to fix.
  const recording = useTipRecording((types) =>
    setEntries((e) => {
      const next = { ...e };
      for (const type of types) next[type] = { ...EMPTY };
      return next;
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const bodies = bodiesOf(date, entries);
    if (bodies.length === 0) {
      toast({
        variant: 'destructive',
        title: 'Failed to Save Tips',
        description: 'Fill in a horse name and a race for at least one selection.',
      });
      return;
    }
    recording.send(bodies);
  }

  return (
    <form onSubmit={submit} className="grid gap-4">
      <Card>
        <CardHeader>
          <CardTitle as="h3">Record New Tips</CardTitle>
          <CardDescription>
            Enter the day’s selections; each one with a horse and a race is added to the proofed record. A selection of
            a type already pending for that day replaces it. For a day whose tips are published, the record keeps the
            published horse, race and price: another price is recorded as a correction once you confirm it.
          </CardDescription>
        </CardHeader>
        <CardContent className="max-w-xs">
          <Field label="Tips Date" type="date" required value={date} onChange={(e) => setDate(e.target.value)} />
        </CardContent>
      </Card>
      <div className="grid gap-4 lg:grid-cols-3">
        {SELECTION_TYPES.map((type) => (
          <SelectionCard
            key={type}
            type={type}
            entry={entries[type]}
            onChange={(field, value) => setEntries((e) => ({ ...e, [type]: { ...e[type], [field]: value } }))}
          />
        ))}
      </div>
      <div>
        <Button type="submit" disabled={recording.pending}>
          {recording.pending ? (
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
          ) : (
            <Save className="h-4 w-4" aria-hidden="true" />
          )}
          {recording.pending ? 'Recording Tips...' : 'Record Daily Tips'}
        </Button>
      </div>
      <ConfirmDialog
        open={recording.corrections.length > 0}
        title="Record a price correction?"
        description={
          <ul className="grid gap-2">
            {recording.corrections.map((c) => (
              <li key={c.entry.selectionType}>{c.message}</li>
            ))}
          </ul>
        }
        confirmLabel="Record as Correction"
        busyLabel="Recording..."
        busy={recording.pending}
        onConfirm={recording.confirmCorrections}
        onCancel={recording.dropCorrections}
      />
    </form>
  );
}

/** One selection's horse, race and advised odds. */
function SelectionCard({
  type,
  entry,
  onChange,
}: {
  type: SelectionType;
  entry: Entry;
  onChange: (field: keyof Entry, value: string) => void;
}) {
  return (
    <Card role="group" aria-labelledby={`tip-card-${type}`} className="min-w-0">
      <CardHeader>
        <CardTitle as="h4" size="md" id={`tip-card-${type}`}>
          {CARDS[type].title}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {ENTRY_FIELDS.map(({ field, label, placeholder }) => (
          <Field
            key={field}
            label={label}
            value={entry[field]}
            onChange={(e) => onChange(field, e.target.value)}
            placeholder={placeholder ?? CARDS[type].odds}
            autoComplete="off"
          />
        ))}
      </CardContent>
    </Card>
  );
}
