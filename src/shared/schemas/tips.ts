import { z } from 'zod';
import { multipleProblem } from '../proofing/bet-types';
import { composeMultiple } from '../tips-format';

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

/** A multiple names a bet the record can settle, with that bet's number of selections. */
const settleable = <In>(label: string, field: z.ZodType<string, In>) =>
  field.pipe(
    z.string().superRefine((text, ctx) => {
      const problem = multipleProblem(label, text);
      if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.on] });
    }),
  );

/**
 * POST /api/secure-content-upload: NAP, NB, Longshot,
 * multiple 1 and the preview are required; multiples 2 to 4 and the banner are optional.
 */
export const contentUploadBody = z.object({
  nap: required('NAP'),
  nb: required('NB'),
  longshot: required('Longshot'),
  multiple1: settleable('Multiple 1', required('Multiple 1')),
  multiple2: settleable('Multiple 2', optional('Multiple 2')),
  multiple3: settleable('Multiple 3', optional('Multiple 3')),
  multiple4: settleable('Multiple 4', optional('Multiple 4')),
  dailyPreview: z
    .string({ message: 'Daily preview is required' })
    .trim()
    .min(1, 'Daily preview is required')
    .max(MAX_PREVIEW_LENGTH, 'Daily preview is too long'),
  bannerDate: optional('Banner date'),
  /** True once the analyst confirms tips advised shorter than their "value down to" price. */
  confirmShortPrices: z.boolean({ message: 'confirmShortPrices must be true or false' }).optional(),
  /**
   * True once the analyst confirms publishing multiples with selections not found (or found twice)
   * on the day's cards: those legs are recorded as not proofed.
   */
  confirmUnproofedLegs: z.boolean({ message: 'confirmUnproofedLegs must be true or false' }).optional(),
});
export type ContentUploadBody = z.input<typeof contentUploadBody>;

/**
 * One multiple as the admin types it (a bet type and its selections), checked as the body's
 * `multipleN` it becomes; a refusal is the bet type's when it names no bet the record settles,
 * otherwise the selections'.
 */
const multipleForm = (bodyField: z.ZodType<string>) =>
  z.object({ header: z.string(), selections: z.string() }).transform((m, ctx) => {
    const parsed = bodyField.safeParse(composeMultiple(m.header, m.selections));
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues)
      ctx.addIssue({
        code: 'custom',
        message: issue.message,
        path: [issue.path[0] === 'betType' ? 'header' : 'selections'],
      });
    return z.NEVER;
  });

/**
 * The admin's Content Upload form: the body's fields, with each multiple typed as a bet type and
 * its selections; its output is the body the server parses.
 */
export const publishTipsForm = contentUploadBody
  .omit({
    multiple1: true,
    multiple2: true,
    multiple3: true,
    multiple4: true,
    confirmShortPrices: true,
    confirmUnproofedLegs: true,
  })
  .extend({
    multiples: z.tuple([
      multipleForm(contentUploadBody.shape.multiple1),
      multipleForm(contentUploadBody.shape.multiple2),
      multipleForm(contentUploadBody.shape.multiple3),
      multipleForm(contentUploadBody.shape.multiple4),
    ]),
  })
  .transform(
    ({ multiples: [multiple1, multiple2, multiple3, multiple4], ...rest }): z.output<typeof contentUploadBody> => ({
      ...rest,
      multiple1,
      multiple2,
      multiple3,
      multiple4,
    }),
  );

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

/** One selection of a published multiple: the runner it was matched to on the day's cards, or not proofed. */
export interface PublishedLeg {
  multipleNo: number;
  label: string;
  legNo: number;
  /** As on the card when matched, else as typed. */
  horse: string;
  raceTime: string | null;
  course: string | null;
  /** The price the leg is settled at on the advised basis (as typed, else the card's price then). */
  price: string | null;
  /** False for a leg the analyst confirmed without a match: it is on no receipt. */
  proofed: boolean;
}

/** POST /api/secure-content-upload: what was published, each multiple's legs and how many receipts were added. */
export interface PublishTipsResult extends AdminActionResult {
  legs: PublishedLeg[];
  receiptsAdded: number;
}
