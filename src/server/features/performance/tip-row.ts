import type { SettledTipRecord, TipRecord } from '#shared/schemas/performance';
import type { tipRecords } from '#server/db/schema';

type Row = typeof tipRecords.$inferSelect;

export function toTipRecord(row: Row): TipRecord {
  return {
    id: row.id,
    raceDate: row.raceDate,
    raceTime: row.raceTime,
    raceLocation: row.raceLocation,
    selectionName: row.selectionName,
    selectionType: row.selectionType,
    advisedOdds: row.advisedOdds,
    correctedOdds: row.correctedOdds,
    oddsCorrectedAt: row.oddsCorrectedAt ? row.oddsCorrectedAt.toISOString() : null,
    startingPrice: row.startingPrice,
    result: row.result,
    profitLoss: row.profitLoss === null ? null : Number(row.profitLoss),
    publishedAt: row.publishedAt ? row.publishedAt.toISOString() : null,
    settledAt: row.settledAt ? row.settledAt.toISOString() : null,
    correctedAt: row.correctedAt ? row.correctedAt.toISOString() : null,
  };
}

export function isSettled(record: TipRecord): record is SettledTipRecord {
  return record.result !== null && record.profitLoss !== null;
}
