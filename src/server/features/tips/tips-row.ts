import type { DailyTips, HistoricalTips } from '#shared/schemas/tips';
import type { dailyTips } from '#server/db/schema';

type Row = typeof dailyTips.$inferSelect;

export const EMPTY_DAILY_TIPS: DailyTips = {
  bannerDate: '',
  nap: '',
  nb: '',
  longshot: '',
  multiplesBet1: '',
  multiplesBet2: '',
  multiplesBet3: '',
  multiplesBet4: '',
  dailyPreview: '',
};

export function toHistoricalTips(row: Row): HistoricalTips {
  return {
    nap: row.nap,
    nb: row.nb,
    longshot: row.longshot,
    multiplesBet1: row.multiplesBet1,
    multiplesBet2: row.multiplesBet2,
    multiplesBet3: row.multiplesBet3,
    multiplesBet4: row.multiplesBet4,
    dailyPreview: row.dailyPreview,
  };
}

export function toDailyTips(row: Row): DailyTips {
  return { bannerDate: row.bannerDate, ...toHistoricalTips(row) };
}
