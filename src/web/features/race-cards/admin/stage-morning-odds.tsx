import type { Weekday } from '#shared/london-time';
import { StageUpload } from './stage-upload';

/** Stage 3: the master workbook again, now with the morning odds, for the chosen weekday. */
export function StageMorningOdds({ weekday }: { weekday: Weekday }) {
  return (
    <StageUpload
      stage={3}
      title="Morning Odds Upload"
      description="Stage 3: the master workbook with the morning odds. Only the odds of the stored races change."
      fileLabel="Master with morning odds"
      accept=".xlsx,.xlsm"
      url="/api/vbg-race-cards/upload-master-with-morning-odds"
      field="masterWithOdds"
      buttonLabel="Upload Morning Odds"
      weekday={weekday}
    />
  );
}
