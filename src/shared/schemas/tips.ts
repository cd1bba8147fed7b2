import { z } from 'zod';

/** Longest text accepted for one tip line or the banner (a line, not an essay). */
const MAX_TIP_LENGTH = 2000;
/** Longest daily preview HTML accepted (the JSON body limit is 1 MB). */
const MAX_PREVIEW_LENGTH = 500_000;

const required = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(MAX_TIP_LENGTH, `${label} is too long (at most ${MAX_TIP_LENGTH} characters)`);

const optional = (label: string) =>
  z
    .string({ message: `${label} must be text` })
    .trim()
    .max(MAX_TIP_LENGTH, `${label} is too long (at most ${MAX_TIP_LENGTH} characters)`)
    .optional()
    .default('');

/**
 * POST /api/secure-content-upload: NAP, NB, Longshot,
 * multiple 1 and the preview are required; multiples 2 to 4 and the banner are optional.
 */
export const contentUploadBody = z.object({
  nap: required('NAP'),
  nb: required('NB'),
  longshot: required('Longshot'),
  multiple1: required('Multiple 1'),
  multiple2: optional('Multiple 2'),
  multiple3: optional('Multiple 3'),
  multiple4: optional('Multiple 4'),
  dailyPreview: z
    .string({ message: 'Daily preview is required' })
    .trim()
    .min(1, 'Daily preview is required')
    .max(MAX_PREVIEW_LENGTH, 'Daily preview is too long'),
  bannerDate: optional('Banner date'),
  /** True once the analyst confirms tips advised shorter than their "value down to" price. */
  confirmShortPrices: z.boolean({ message: 'confirmShortPrices must be true or false' }).optional(),
});
export type ContentUploadBody = z.input<typeof contentUploadBody>;

/** GET /api/historical-tips/{date}: the tips record without the banner. */
export interface HistoricalTips {
  nap: string;
  nb: string;
  longshot: string;
  multiplesBet1: string;
  multiplesBet2: string;
  multiplesBet3: string;
  multiplesBet4: string;
  dailyPreview: string;
}

/** GET /api/daily-tips: the day's published tips record. */
export interface DailyTips extends HistoricalTips {
  bannerDate: string;
}

/** GET /api/back-catalogue items: one archived day, its tips as HTML or a PDF guide. */
export interface BackCatalogueEntry {
  id: number;
  title: string;
  date: string; // YYYY-MM-DD, a London day
  contentType: 'html' | 'pdf';
  filename: string | null;
}

/** Answer of the admin actions (move-to-library, import, PDF upload). */
export interface AdminActionResult {
  success: boolean;
  message: string;
  popupMessage?: string;
}
