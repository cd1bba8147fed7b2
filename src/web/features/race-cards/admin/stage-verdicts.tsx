import type { Weekday } from '#shared/london-time';
import { useConfig } from '#web/lib/config';
import { StageUpload } from './stage-upload';

/** Stage 2: the analyst's race verdicts (.docx) for the chosen weekday. */
export function StageVerdicts({ weekday }: { weekday: Weekday }) {
  const surname = useConfig().analystSurname;
  return (
    <StageUpload
      stage={2}
      title="Race Verdicts Upload"
      description="Stage 2: the verdict document (.docx). Start each race with a heading such as “14:10 Ascot”."
      fileLabel="Verdict document"
      accept=".docx"
      url={`/api/vbg-race-cards/upload-${surname}-verdict`}
      field={`${surname}Verdict`}
      buttonLabel="Upload Verdicts"
      weekday={weekday}
    />
  );
}
