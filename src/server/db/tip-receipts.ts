import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { nameKey } from '#shared/name-key';
import type { DbOrTx } from './client';
import { proofReceipts, tipRecords } from './schema';

/**
 * Points each of a day's NAP, NB and Longshot records at the receipt that proofs it: the latest
 * receipt of its type naming the same horse in the same race (null when there is none). A record
 * settled before the tip was published again keeps the receipt of the tip it was settled as.
 */
export async function linkTipReceipts(db: DbOrTx, day: string): Promise<void> {
  const records = await db
    .select({
      id: tipRecords.id,
      type: tipRecords.selectionType,
      horse: tipRecords.selectionName,
      raceTime: tipRecords.raceTime,
      receiptId: tipRecords.receiptId,
    })
    .from(tipRecords)
    .where(eq(tipRecords.raceDate, day));
  if (records.length === 0) return;
  const receipts = await db
    .select({
      id: proofReceipts.id,
      kind: proofReceipts.kind,
      horse: proofReceipts.horse,
      raceTime: proofReceipts.raceTime,
    })
    .from(proofReceipts)
    .where(and(eq(proofReceipts.raceDate, day), inArray(proofReceipts.kind, ['nap', 'nb', 'longshot'])))
    .orderBy(desc(proofReceipts.seq));
  const changes = records.flatMap((r) => {
    const receipt = receipts.find(
      (p) => p.kind === r.type && p.raceTime === r.raceTime && nameKey(p.horse) === nameKey(r.horse),
    );
    const receiptId = receipt?.id ?? null;
    return receiptId === r.receiptId ? [] : [sql`(${r.id}::int, ${receiptId}::int)`];
  });
  if (changes.length === 0) return;
  await db.execute(sql`update ${tipRecords} set receipt_id = v.receipt_id
    from (values ${sql.join(changes, sql`, `)}) as v(id, receipt_id)
    where ${tipRecords.id} = v.id`);
}
