import { describe, expect, it } from 'vitest';
import { londonInstant } from '../london-time';
import type { RecordDay } from './record-json';
import { chainHeads, chainRoot, chainStart, receiptHash, receiptOpening, sha256Hex } from './receipt';
import { stampPreimage, verifyDay } from './verify-day';

const day = '2026-07-14';
const published = '2026-07-14T08:00:00.000Z';
const at = (hhmm: string) => londonInstant(day, hhmm).toISOString();

function opening(
  raceTime: string,
  horse: string,
  advised: string,
  replaces: string | null = null,
  multiple: { no: string; label: string; leg: string } | null = null,
) {
  return receiptOpening({
    day,
    kind: multiple ? 'leg' : 'nap',
    multiple,
    raceTime,
    course: 'Ascot',
    horse,
    advised,
    market: null,
    publishedAt: published,
    nonce: sha256Hex(horse).slice(0, 32),
    replaces,
  });
}

/** A day of three receipts: the NAP (14:10), a leg (15:45), then a correction of the NAP at 13:00. */
function goodDay(): RecordDay {
  const first = opening('14:10', 'Northern Star', '11/2');
  const leg = opening('15:45', 'Quiet Harbour', '7/2', null, { no: '1', label: 'Lucky 15', leg: '2' });
  const fix = opening('14:10', 'Northern Star', '5/1', receiptHash(first));
  const openings = [first, leg, fix];
  const hashes = openings.map(receiptHash);
  const heads = chainHeads(day, hashes);
  const stamp = (receipts: number, genTime: string) => ({
    receipts,
    root: heads[receipts - 1],
    token: `token-${receipts}`,
    tsa: 'http://tsa.test',
    genTime,
    lodgedAt: null,
  });
  const stamps = [stamp(2, at('09:00')), stamp(3, at('13:01'))];
  return {
    date: day,
    root: heads[2],
    receipts: openings.map((o, i) => ({
      hash: hashes[i],
      kind: i === 1 ? 'leg' : 'nap',
      publishedAt: published,
      opening: o,
      replaces: i === 2 ? hashes[0] : null,
      proofedAt: i === 2 ? at('13:01') : at('09:00'),
    })),
    timestamp: { token: 'token-3', tsa: 'http://tsa.test', genTime: at('13:01') },
    lodgedAt: null,
    stamps,
  };
}

describe('verifyDay', () => {
  it('accepts a good day: the early stamp proofs the early receipts, the later one the correction', () => {
    expect(verifyDay(goodDay())).toEqual({ problems: [], unproofed: [], withheld: 0, proofed: 3 });
  });

  it('names the receipt whose opening was changed (one price)', () => {
    const record = goodDay();
    record.receipts[1].opening = record.receipts[1].opening!.replace('"7/2"', '"4/1"');
    expect(verifyDay(record).problems).toEqual([
      'receipt 2 (15:45 Ascot leg 2 of Lucky 15): hash does not match its opening',
    ]);
  });

  it('refuses a changed hash: the opening and the chain no longer agree', () => {
    const record = goodDay();
    record.receipts[0].hash = sha256Hex('something else');
    expect(verifyDay(record).problems).toEqual([
      'receipt 1 (14:10 Ascot NAP): hash does not match its opening',
      "receipt 3 (14:10 Ascot NAP): replaces a receipt that is not earlier in the day's chain",
      "the day's root is not the chain head after its 3 receipts",
      'stamp 1: root is not the chain head after 2 receipts',
      'stamp 2: root is not the chain head after 3 receipts',
    ]);
  });

  it('refuses receipts put in another order', () => {
    const record = goodDay();
    record.receipts = [record.receipts[1], record.receipts[0], record.receipts[2]];
    expect(verifyDay(record).problems).toContain('stamp 1: root is not the chain head after 2 receipts');
    expect(verifyDay(record).problems).toContain("the day's root is not the chain head after its 3 receipts");
  });

  it('lists a receipt stamped only after its off as not proofed, and refuses it counted as proofed', () => {
    const record = goodDay();
    record.stamps = [record.stamps[1]]; // only the 13:01 stamp: too late for nothing here…
    record.stamps[0] = { ...record.stamps[0], genTime: at('15:00') };
    record.timestamp = { ...record.timestamp!, genTime: at('15:00') };
    const check = verifyDay(record);
    expect(check.unproofed).toEqual([
      'receipt 1 (14:10 Ascot NAP) not stamped before the off',
      'receipt 3 (14:10 Ascot NAP) not stamped before the off',
    ]);
    expect(check.problems).toEqual([
      'receipt 1 (14:10 Ascot NAP): counted as proofed, but no time-stamp covering it came before the off',
      'receipt 2 (15:45 Ascot leg 2 of Lucky 15): proofed at 2026-07-14T08:00:00.000Z, but its earliest stamp before the off is another time',
      'receipt 3 (14:10 Ascot NAP): counted as proofed, but no time-stamp covering it came before the off',
    ]);
    expect(check.proofed).toBe(1);
  });

  it('checks withheld openings only through the chain', () => {
    const record = goodDay();
    for (const r of record.receipts) r.opening = null;
    expect(verifyDay(record)).toEqual({ problems: [], unproofed: [], withheld: 3, proofed: 0 });
  });

  it('refuses an opening of another day and a timestamp that is not the latest stamp', () => {
    const record = goodDay();
    record.date = '2026-07-15';
    record.root = chainRoot(
      '2026-07-15',
      record.receipts.map((r) => r.hash),
    );
    record.timestamp = { ...record.timestamp!, token: 'token-2' };
    const problems = verifyDay(record).problems;
    expect(problems).toContain('receipt 1 (14:10 Ascot NAP): its opening names 2026-07-14, not 2026-07-15');
    expect(problems).toContain("the day's timestamp is not its latest stamp");
  });
});

describe('stampPreimage', () => {
  it('is the text whose SHA-256 is the head after n receipts', () => {
    const hashes = [sha256Hex('a'), sha256Hex('b')];
    const heads = chainHeads(day, hashes);
    expect(stampPreimage(day, hashes, 1)).toBe(chainStart(day) + hashes[0]);
    expect(sha256Hex(stampPreimage(day, hashes, 2))).toBe(heads[1]);
  });
});
