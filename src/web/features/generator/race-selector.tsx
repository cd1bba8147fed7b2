import { useId } from 'react';
import { NO_RACES_TEXT, raceOptionLabel, raceOptionValue, type RaceGroup } from '#shared/generator/races';
import { Label } from '#web/components/ui/input';
import { Skeleton } from '#web/components/ui/skeleton';

export interface RaceSelectorProps {
  groups: RaceGroup[] | null;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}

/** Today's and tomorrow's races by time, grouped under the day name with their count. */
export function RaceSelector({ groups, value, onChange, disabled }: RaceSelectorProps) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      {groups?.length === 0 ? (
        <span className="block text-sm font-semibold text-slate-800">Select race</span>
      ) : (
        <Label htmlFor={id}>Select race</Label>
      )}
      {groups === null ? (
        <Skeleton className="h-11 w-full sm:max-w-md" />
      ) : groups.length === 0 ? (
        <p
          role="status"
          className="rounded-md border border-dashed border-slate-400 bg-slate-50 px-3 py-2 text-slate-700"
        >
          {NO_RACES_TEXT}
        </p>
      ) : (
        <select
          id={id}
          value={value}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
          className="block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 sm:max-w-md"
        >
          <option value="">Choose a race</option>
          {groups.map((g) => (
            <optgroup key={g.day} label={g.label}>
              {g.races.map((r) => (
                <option key={r.id} value={raceOptionValue(g.day, r)}>
                  {raceOptionLabel(r)}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      )}
    </div>
  );
}
