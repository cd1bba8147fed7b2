import { rule4Text } from '#shared/proofing/rule4';
import { RESULT_LINE_EXAMPLE } from '#shared/race-results';
import { PastePanel } from '#web/components/paste-panel';
import { useEnterResults } from '../api';
import { RescoreTissue } from './rescore-tissue';

/**
 * Stage 6 of the race-card tab: the day's results, pasted one race a line. Saving settles the
 * day's tips that have a result.
 */
export function StageResults() {
  const enter = useEnterResults();
  return (
    <>
      <PastePanel
        title="Race Results"
        description={
          <>
            Stage 6: the day&apos;s results, one race a line — winner first, then the placed horses with their starting
            prices, then the non-runners, and last any Rule 4 (&quot;R4 15p&quot;, or &quot;R4 15p SP&quot; when it also
            applies to starting prices). Tips in these races settle themselves; re-entering a race replaces its result.
          </>
        }
        dateLabel="Race day"
        linesLabel="Results"
        example={RESULT_LINE_EXAMPLE}
        rows={6}
        saveLabel="Save Results"
        savingLabel="Saving Results..."
        savedTitle="Stage 6 Complete"
        refusedTitle="Stage 6 Failed"
        refusedToast={{ title: 'Upload Failed', prefix: 'Stage 6 Failed: ' }}
        fallback="The results were not saved"
        testId="results-panel"
        send={enter.mutateAsync}
        pending={enter.isPending}
        savedRace={(r) => (
          <>
            {r.winner}
            {r.placed.length > 0 && `, ${r.placed.join(', ')}`}
            {r.nonRunners.length > 0 && ` — NR ${r.nonRunners.join(', ')}`}
            {r.rule4 && ` — ${rule4Text(r.rule4)}`}
            {r.replaced && ' (replaced)'}
          </>
        )}
      />
      <RescoreTissue />
    </>
  );
}
