import { asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { chainRoot } from '#shared/proofing/receipt';
import type { RecordDay, RecordDays } from '#shared/proofing/record-json';
import type { AppContext } from '#server/context';
import { rowsOf } from '#server/db/client';
import { proofReceipts, proofStamps } from '#server/db/schema';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

/**
 * A day's record: its receipts in chain order, the root, and every time-stamp made of it. With
 * `openings` false the receipts' openings are left out (null): a day not yet over, for a visitor.
 * Null when the day has no receipts.
 */
export async function readRecordDay(
  ctx: AppContext,
  date: string,
  { openings }: { openings: boolean },
): Promise<RecordDay | null> {
  const replaced = alias(proofReceipts, 'replaced');
  const receipts = await ctx.db
    .select({
      hash: proofReceipts.hash,
      kind: proofReceipts.kind,
      publishedAt: proofReceipts.publishedAt,
      opening: proofReceipts.opening,
      replaces: replaced.hash,
      proofedAt: proofReceipts.proofedAt,
    })
    .from(proofReceipts)
    .leftJoin(replaced, eq(replaced.id, proofReceipts.replacesId))
    .where(eq(proofReceipts.raceDate, date))
    .orderBy(asc(proofReceipts.seq));
  if (receipts.length === 0) return null;
  const stamps = await ctx.db
    .select()
    .from(proofStamps)
    .where(eq(proofStamps.raceDate, date))
    .orderBy(asc(proofStamps.receipts));
  const stamped = stamps.filter((s) => s.status === 'stamped' && s.token && s.genTime);
  const latest = stamped.at(-1);
  return {
    date,
    root: chainRoot(
      date,
      receipts.map((r) => r.hash),
    ),
    receipts: receipts.map((r) => ({
      hash: r.hash,
      kind: r.kind,
      publishedAt: r.publishedAt.toISOString(),
      opening: openings ? r.opening : null,
      replaces: r.replaces,
      proofedAt: iso(r.proofedAt),
    })),
    timestamp: latest
      ? { token: base64(latest.token!), tsa: latest.tsaUrl ?? '', genTime: latest.genTime!.toISOString() }
      : null,
    lodgedAt: iso(stamps.at(-1)?.lodgedAt ?? null),
    stamps: stamped.map((s) => ({
      receipts: s.receipts,
      root: s.root,
      token: base64(s.token!),
      tsa: s.tsaUrl ?? '',
      genTime: s.genTime!.toISOString(),
      lodgedAt: iso(s.lodgedAt),
    })),
  };
}

interface DayRow {
  race_date: string;
  receipts: number;
  proofed: number;
  hashes: string[];
}

/** The days with receipts, newest first, each with the state of its latest head's time-stamp. */
export async function listRecordDays(ctx: AppContext): Promise<RecordDays> {
  const days = rowsOf<DayRow>(
    await ctx.db.execute(sql`
      select race_date::text as race_date, count(*)::int as receipts, count(proofed_at)::int as proofed,
             array_agg(hash order by seq) as hashes
      from proof_receipts group by race_date order by race_date desc`),
  );
  const stamps = await ctx.db
    .select({
      raceDate: proofStamps.raceDate,
      receipts: proofStamps.receipts,
      status: proofStamps.status,
      genTime: proofStamps.genTime,
      lodgedAt: proofStamps.lodgedAt,
    })
    .from(proofStamps)
    .orderBy(desc(proofStamps.receipts));
  return {
    days: days.map((d) => {
      const latest = stamps.find((s) => s.raceDate === d.race_date);
      const stamp = !latest ? 'none' : latest.status === 'superseded' ? 'pending' : latest.status;
      return {
        date: d.race_date,
        receipts: d.receipts,
        proofed: d.proofed,
        root: chainRoot(d.race_date, d.hashes),
        stamp,
        stampedAt: latest?.status === 'stamped' ? iso(latest.genTime) : null,
        lodgedAt: iso(latest?.lodgedAt ?? null),
      };
    }),
  };
}
