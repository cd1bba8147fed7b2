import { PRICE_LINE_EXAMPLE } from '#shared/price-lines';
import { PastePanel } from '#web/components/paste-panel';
import { useSavePrices } from '../api';

/**
 * Price changes through the day, pasted one race a line. Saved prices become the cards' current
 * prices and every member's open page reloads.
 */
export function StagePrices() {
  const save = useSavePrices();
  return (
    <PastePanel
      title="Prices"
      description={
        <>
          Prices as they move through the day, one race a line: each horse with its price (9/2, evs or 5.5). They become
          the cards&apos; current prices — the value scores, &ldquo;value down to&rdquo; and the value board follow —
          and every earlier price is kept. Example: <span className="font-mono">{PRICE_LINE_EXAMPLE}</span>
        </>
      }
      dateLabel="Price day"
      linesLabel="Prices"
      example={PRICE_LINE_EXAMPLE}
      rows={5}
      saveLabel="Save Prices"
      savingLabel="Saving Prices..."
      savedTitle="Prices Saved"
      refusedTitle="Prices Not Saved"
      fallback="The prices were not saved"
      testId="prices-panel"
      send={save.mutateAsync}
      pending={save.isPending}
      savedRace={(r) => `${r.runners} ${r.runners === 1 ? 'runner' : 'runners'}`}
    />
  );
}
