import { useState, type ReactNode } from 'react';
import type { Weekday } from '#shared/london-time';
import { londonDate, weekdayOf } from '#shared/london-time';
import { ADMIN_METADATA_REFRESH_MS, useRaceCardsMetadata, useWorkingWeekday } from '../api';
import { ClearSpecificDay } from './clear-specific-day';
import { ExcelExport } from './excel-export';
import { HorseSummariesAndOdds } from './horse-summaries-odds';
import { StageDefaultWeekday } from './stage-default-weekday';
import { StageFreeRace } from './stage-free-race';
import { StageMasterUpload } from './stage-master-upload';
import { StageMorningOdds } from './stage-morning-odds';
import { StageVerdicts } from './stage-verdicts';
import { WeekdayCards } from './weekday-cards';

/** The VBG Race Cards tab: the five morning stages, Clear Specific Day, the Excel export and the weekday cards. */
/** `stageSix`: the day's results (another feature's screen, placed here by the admin tab). */
export function RaceCardsAdmin({ stageSix }: { stageSix?: ReactNode } = {}) {
  // One metadata query (refreshed while the admin works) feeds the stage-1 counts and the weekday list.
  const metadata = useRaceCardsMetadata({ refetchInterval: ADMIN_METADATA_REFRESH_MS });
  // The stages start on the day being worked on (today's tab, or where the last workbook went)
  // until the admin picks another.
  const working = useWorkingWeekday();
  const [chosen, setWeekday] = useState<Weekday | null>(null);
  const weekday = chosen ?? working.data ?? weekdayOf(londonDate(new Date()));
  const count = (d: Weekday) => (metadata.data ? (metadata.data[d]?.length ?? 0) : null);
  return (
    <div className="grid gap-6">
      <StageMasterUpload weekday={weekday} onWeekday={setWeekday} count={count} />
      <StageVerdicts weekday={weekday} />
      <StageMorningOdds weekday={weekday} />
      <HorseSummariesAndOdds weekday={weekday} />
      <StageDefaultWeekday />
      <StageFreeRace />
      {stageSix}
      <ClearSpecificDay />
      <ExcelExport />
      <WeekdayCards metadata={metadata.data} />
    </div>
  );
}
