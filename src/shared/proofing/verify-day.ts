import { londonInstant } from '../london-time';
import type { RecordDay } from './record-json';
import { chainHeads, chainStart, chainStepText, readOpening, receiptHash, type ReceiptOpening } from './receipt';

/**
 * The checks anyone can make of a day's record without trusting VBG, except the time-stamp
 * tokens' signatures (the caller verifies each token against the authority's CA):
 * - every opening shown hashes to its receipt's hash, is a canonical receipt, and names this day,
 *   this kind, this publishing time and this correction;
 * - a correction names an earlier receipt;
 * - the day's root is the chain head after all its receipts, and each stamp's root the head after
 *   its `receipts`;
 * - a receipt the record counts as proofed has a stamp covering it (at or after it in the chain)
 *   made before its race was off.
 * `problems` are what does not hold; `unproofed` names the receipts no stamp proofs (the record
 * must not count them, and says so, so they are not problems); `withheld` counts openings not yet shown.
 */
export interface DayCheck {
  problems: string[];
  unproofed: string[];
  withheld: number;
  proofed: number;
}

const KIND_LABELS: Record<ReceiptOpening['kind'], string> = { nap: 'NAP', nb: 'NB', longshot: 'Longshot', leg: 'leg' };

/** "14:10 Ascot NAP", "15:45 Ayr leg 2 of Lucky 15". */
function receiptLabel(opening: ReceiptOpening): string {
  const what = opening.multiple
    ? `leg ${opening.multiple.leg} of ${opening.multiple.label}`
    : KIND_LABELS[opening.kind];
  return `${opening.raceTime} ${opening.course} ${what}`;
}

/** The text whose SHA-256 is the head after `receipts` receipts (a token's data, as pkijs checks it). */
export function stampPreimage(day: string, hashes: readonly string[], receipts: number): string {
  const heads = chainHeads(day, hashes.slice(0, receipts));
  return chainStepText(heads.at(-2) ?? chainStart(day), hashes[receipts - 1]);
}

export function verifyDay(record: RecordDay): DayCheck {
  const problems: string[] = [];
  const unproofed: string[] = [];
  let withheld = 0;
  let proofed = 0;
  const { date } = record;
  const hashes = record.receipts.map((r) => r.hash);
  const heads = chainHeads(date, hashes);
  const seen = new Map<string, number>();

  record.receipts.forEach((receipt, index) => {
    const n = index + 1;
    const name = `receipt ${n}`;
    const opening = receipt.opening === null ? null : readOpening(receipt.opening);
    const label = opening ? `${name} (${receiptLabel(opening)})` : name;
    const earlier = seen.get(receipt.hash);
    if (earlier) problems.push(`${label}: the same hash as receipt ${earlier}`);
    else seen.set(receipt.hash, n);
    if (receipt.replaces !== null) {
      const replaced = hashes.indexOf(receipt.replaces);
      if (replaced === -1 || replaced >= index)
        problems.push(`${label}: replaces a receipt that is not earlier in the day's chain`);
    }
    if (receipt.opening === null) {
      withheld++;
      return;
    }
    if (receiptHash(receipt.opening) !== receipt.hash) {
      problems.push(`${label}: hash does not match its opening`);
      return;
    }
    if (!opening) {
      problems.push(`${name}: its opening is not a receipt in canonical form`);
      return;
    }
    if (opening.day !== date) problems.push(`${label}: its opening names ${opening.day}, not ${date}`);
    if (opening.kind !== receipt.kind)
      problems.push(`${label}: its opening is a ${opening.kind}, not a ${receipt.kind}`);
    if (Date.parse(opening.publishedAt) !== Date.parse(receipt.publishedAt))
      problems.push(`${label}: its opening was published at ${opening.publishedAt}, not ${receipt.publishedAt}`);
    if (opening.replaces !== receipt.replaces) problems.push(`${label}: its opening names another receipt it replaces`);

    const off = londonInstant(date, opening.raceTime).getTime();
    const proofing = record.stamps.filter((s) => s.receipts >= n && Date.parse(s.genTime) < off);
    if (proofing.length > 0) proofed++;
    else {
      unproofed.push(`${label} not stamped before the off`);
      if (receipt.proofedAt !== null)
        problems.push(`${label}: counted as proofed, but no time-stamp covering it came before the off`);
    }
    if (receipt.proofedAt !== null && proofing.length > 0) {
      const earliest = Math.min(...proofing.map((s) => Date.parse(s.genTime)));
      if (Date.parse(receipt.proofedAt) !== earliest)
        problems.push(
          `${label}: proofed at ${receipt.proofedAt}, but its earliest stamp before the off is another time`,
        );
    }
  });

  const root = heads.at(-1) ?? chainStart(date);
  if (record.root !== root) problems.push(`the day's root is not the chain head after its ${hashes.length} receipts`);

  record.stamps.forEach((stamp, index) => {
    const name = `stamp ${index + 1}`;
    if (stamp.receipts > hashes.length)
      problems.push(`${name}: covers ${stamp.receipts} receipts, but the day has ${hashes.length}`);
    else if (stamp.root !== heads[stamp.receipts - 1])
      problems.push(`${name}: root is not the chain head after ${stamp.receipts} receipts`);
    if (index > 0 && stamp.receipts <= record.stamps[index - 1].receipts)
      problems.push(`${name}: stamps are not in chain order`);
  });
  const latest = record.stamps.at(-1);
  if (latest && (record.timestamp?.token !== latest.token || record.timestamp.genTime !== latest.genTime))
    problems.push("the day's timestamp is not its latest stamp");
  if (!latest && record.timestamp) problems.push("the day's timestamp is not among its stamps");

  return { problems, unproofed, withheld, proofed };
}
