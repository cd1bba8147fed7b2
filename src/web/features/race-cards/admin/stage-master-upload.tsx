import { useId } from 'react';
import { WEEKDAYS, type Weekday, weekdayName } from '#shared/london-time';
import { Label } from '#web/components/ui/input';
import { cards } from './weekday-cards';
import { StageUpload } from './stage-upload';

/** Stage 1: the master Excel workbook for the weekday tab chosen here (the later stages use that weekday too). */
export function StageMasterUpload({ weekday, onWeekday, count }: { weekday: Weekday; onWeekday: (d: Weekday) => void; count: (d: Weekday) => number }) {
  const dayId = useId();
  const picker = (
    <div className="grid gap-1.5">
      <Label htmlFor={dayId}>Target weekday</Label>
      <select
        id={dayId}
        value={weekday}
        onChange={(e) => onWeekday(e.target.value as Weekday)}
        className="block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 sm:max-w-xs"
      >
        {WEEKDAYS.map((d) => (
          <option key={d} value={d}>
            {weekdayName(d)} ({cards(count(d))})
          </option>
        ))}
      </select>
    </div>
  );
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
      weekdayPicker={picker}
      noFileText="No file selected"
      fileTestId="master-file"
      refreshAfterFailure
    >
      <div className="rounded-md bg-navy-50 p-3 text-sm text-slate-800">
        <p className="font-semibold text-navy-900">Spreadsheet columns</p>
        <ul className="mt-1 grid grid-cols-2 gap-1 sm:grid-cols-4">
          <li>B: time</li>
          <li>C: course</li>
          <li>E: race title</li>
          <li>M: VB rating</li>
        </ul>
      </div>
    </StageUpload>
  );
}
