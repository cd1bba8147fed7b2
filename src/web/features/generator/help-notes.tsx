import { Info } from 'lucide-react';

/** The generator's help notes under the table; static text. */
export function HelpNotes() {
  return (
    <section
      aria-labelledby="generator-help"
      className="rounded-xl border border-navy-100 bg-navy-50 p-5 text-sm text-slate-800"
    >
      <h2 id="generator-help" className="flex items-center gap-2 text-lg font-bold text-navy-900">
        <Info aria-hidden="true" className="h-5 w-5" />
        How to use the generator
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>Morning odds are loaded each day with the race cards.</li>
        <li>
          Update each horse to the current odds (decimal like 6.0, or fractional like 5/1, 11/4 or evs) and recalculate;
          it also recalculates by itself as you edit.
        </li>
        <li>Remove non-runners, then read the tissue odds and value scores.</li>
        <li>
          Market Correction (recommended) lifts horses the market strongly prefers, in steps of 0.1 up to +20, until
          their value gap is −10 or better. A lifted horse&apos;s tissue odds here are market-corrected (its Correction
          is above +0.0), so they move with its own odds; the Tissue on the race cards, the value board and the tips is
          its fair price, which its own price never moves.
        </li>
      </ul>
    </section>
  );
}
