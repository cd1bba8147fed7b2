import type { DailyTips, HistoricalTips } from '#shared/schemas/tips';
import type { dailyTips } from '#server/db/schema';
import { looksLikeHtml } from '#shared/tips-format';
import { sanitizeArticleHtml } from '../articles/sanitize';

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

/**
 * A day's tips as members and visitors read them. The preview's HTML passes the article allow-list
 * again here, as it is read (it did when published): whatever is in the row (an old row, a bug
 * upstream), what reaches a page is clean, and the pages show it as given. Plain text stays as
 * it is (the page makes its paragraphs).
 */
export function toHistoricalTips(row: Row): HistoricalTips {
  return {
    nap: row.nap,
    nb: row.nb,
    longshot: row.longshot,
    multiplesBet1: row.multiplesBet1,
    multiplesBet2: row.multiplesBet2,
    multiplesBet3: row.multiplesBet3,
    multiplesBet4: row.multiplesBet4,
    dailyPreview: looksLikeHtml(row.dailyPreview) ? sanitizeArticleHtml(row.dailyPreview) : row.dailyPreview,
  };
}

export function toDailyTips(row: Row): DailyTips {
  return { bannerDate: row.bannerDate, ...toHistoricalTips(row) };
}
