import { useId, useRef } from 'react';
import { WEEKDAYS, type Weekday, weekdayName } from '#shared/london-time';
import type { MergeSummary } from '#shared/schemas/race-cards';
import { fieldOf, isObject, isOneOf } from '#shared/unknown-values';
import { Label } from '#web/components/ui/input';
import type { UploadResult } from '../upload';
import { ChangeList } from './reprocess-workbook';
import { useFreeRaceToday, useRefreshFreeRace } from './stage-free-race';
import { cards } from './weekday-cards';
import { StageUpload, type UploadConfirmation } from './stage-upload';

/** POST /api/vbg-race-cards/upload-master-excel/preview: what uploading would change, written nowhere. */
interface UploadPreview {
  summary: MergeSummary;
  removedRaces: Array<{ time: string; course: string }>;
}

/** The preview's answer has the parts the confirmation reads (the server builds the rest alike). */
function isUploadPreview(body: unknown): body is UploadPreview {
  return isObject(fieldOf(body, 'summary')) && Array.isArray(fieldOf(body, 'removedRaces'));
}

interface TargetWeekdayProps {
  weekday: Weekday;
  onWeekday: (d: Weekday) => void;
  /** The cards stored for a weekday, or null while they are being read. */
  count: (d: Weekday) => number | null;
}

/** Stage 1: the master Excel workbook for the weekday tab chosen here (the later stages use that weekday too). */
export function StageMasterUpload({ weekday, onWeekday, count }: TargetWeekdayProps) {
  const freeRace = useFreeRaceToday().data?.freeRace ?? null;
  const refreshFreeRace = useRefreshFreeRace();
  // Today's free race, when the workbook being confirmed drops it.
  const freeRaceGoes = (removed: UploadPreview['removedRaces']) =>
    freeRace &&
    freeRace.weekday === weekday &&
    removed.some((r) => r.time === freeRace.raceTime && r.course === freeRace.course)
      ? `${freeRace.raceTime} ${freeRace.course}`
      : null;
  const goingFreeRace = useRef<string | null>(null);

  // The workbook is checked against the tab first: over a tab that has cards (as the server read
  // it for this file, not as a list loaded earlier) the admin confirms what changes.
  const describe = (answer: UploadResult): UploadConfirmation | null => {
    const details = answer.body;
    if (!isUploadPreview(details)) throw new Error(`Unexpected preview answer: ${answer.message}`);
    if (details.summary.racesKept + details.summary.racesRemoved === 0) return null; // an empty tab loses nothing
    const going = (goingFreeRace.current = freeRaceGoes(details.removedRaces));
    const losing =
      details.summary.racesRemoved > 0 || details.summary.runnersRemoved > 0 || details.summary.laterValuesReplaced > 0;
    return {
      title: `Replace the ${weekdayName(weekday)} cards?`,
      description: (
        <ChangeList message={answer.message} changes={details.summary}>
          {going && (
            <p className="font-semibold text-red-800">
              Today&apos;s free race ({going}) is not in this workbook: it will be withdrawn, and you can nominate
              another in stage 5.
            </p>
          )}
        </ChangeList>
      ),
      confirmLabel: 'Upload',
      destructive: losing,
    };
  };
  const onUploaded = (answer: UploadResult): UploadResult => {
    refreshFreeRace();
    const going = goingFreeRace.current;
    goingFreeRace.current = null;
    return going
      ? {
          ...answer,
          message: `${answer.message} Today's free race (${going}) was withdrawn: nominate another in stage 5.`,
        }
      : answer;
  };
  return (
    <StageUpload
      stage={1}
      title="Master Spreadsheet Upload"
      description="Stage 1: the master Excel workbook for one weekday tab. Horse summaries come from column AQ."
      fileLabel="Master spreadsheet"
      accept=".xlsx,.xlsm,.xls"
      url="/api/vbg-race-cards/upload-master-excel"
      field="masterExcel"
      buttonLabel="Upload Master Excel"
      weekday={weekday}
      weekdayPicker={<TargetWeekday weekday={weekday} onWeekday={onWeekday} count={count} />}
      noFileText="No file selected"
      fileTestId="master-file"
      refreshAfterFailure
      preview={{ url: '/api/vbg-race-cards/upload-master-excel/preview', describe }}
      onUploaded={onUploaded}
    >
      <SpreadsheetColumns />
    </StageUpload>
  );
}

/** The weekday tab the workbook is for, with the cards each tab holds. */
function TargetWeekday({ weekday, onWeekday, count }: TargetWeekdayProps) {
  const dayId = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={dayId}>Target weekday</Label>
      <select
        id={dayId}
        value={weekday}
        onChange={(e) => {
          const day = e.target.value;
          if (isOneOf(WEEKDAYS, day)) onWeekday(day);
        }}
        className="block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 sm:max-w-xs"
      >
        {WEEKDAYS.map((d) => (
          <option key={d} value={d}>
            {weekdayName(d)}
            {count(d) === null ? '' : ` (${cards(count(d)!)})`}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Which of the workbook's columns the cards are read from. */
function SpreadsheetColumns() {
  return (
    <div className="rounded-md bg-navy-50 p-3 text-sm text-slate-800">
      <p className="font-semibold text-navy-900">Spreadsheet columns</p>
      <ul className="mt-1 grid grid-cols-2 gap-1 sm:grid-cols-4">
        <li>B: time</li>
        <li>C: course</li>
        <li>E: race title</li>
        <li>M: VB rating</li>
      </ul>
    </div>
  );
}
