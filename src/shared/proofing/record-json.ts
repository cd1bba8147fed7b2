import { z } from 'zod';
import { RECEIPT_KINDS } from './receipt';

/**
 * The day's record as `GET /api/record/:date` answers it, and as the offline checker
 * (`npm run verify-record`) reads it back from a file. Hashes, roots and time-stamp tokens are
 * public at once; a receipt's opening is null until the London day is over, except for members.
 */
const hex64 = z.string().regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 in lower-case hex');
const instant = z.iso.datetime({ offset: true });
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day (YYYY-MM-DD)');

const recordReceiptSchema = z.object({
  hash: hex64,
  kind: z.enum(RECEIPT_KINDS),
  publishedAt: instant,
  /** The canonical text whose SHA-256 is `hash`; null while it is withheld. */
  opening: z.string().nullable(),
  /** The hash of the earlier receipt this one corrects. */
  replaces: hex64.nullable(),
  /** When the record counts it proofed: the earliest covering time-stamp before its off. */
  proofedAt: instant.nullable(),
});

const recordStampSchema = z.object({
  /** The chain head after this many receipts is what was stamped. */
  receipts: z.number().int().positive(),
  root: hex64,
  /** The RFC 3161 TimeStampToken, DER in base64. */
  token: z.string().min(1),
  /** The time-stamp authority's address. */
  tsa: z.string(),
  genTime: instant,
  /** When the lodgement e-mail carrying this root was sent. */
  lodgedAt: instant.nullable(),
});

export const recordDaySchema = z.object({
  date: day,
  /** The chain head after every receipt of the day. */
  root: hex64,
  receipts: z.array(recordReceiptSchema),
  /** The latest time-stamp (of the head after the most receipts). */
  timestamp: z.object({ token: z.string(), tsa: z.string(), genTime: instant }).nullable(),
  /** When the lodgement e-mail of the day's latest head was sent. */
  lodgedAt: instant.nullable(),
  /** Every time-stamp of the day, fewest receipts first: an early stamp proofs the early receipts. */
  stamps: z.array(recordStampSchema),
});
export type RecordDay = z.infer<typeof recordDaySchema>;

const STAMP_STATES = ['stamped', 'pending', 'failed', 'none'] as const;

/** One line of `GET /api/record`: the days with receipts, newest first. */
export const recordDaysSchema = z.object({
  days: z.array(
    z.object({
      date: day,
      receipts: z.number().int(),
      proofed: z.number().int(),
      root: hex64,
      /** The state of the time-stamp of the day's latest head. */
      stamp: z.enum(STAMP_STATES),
      stampedAt: instant.nullable(),
      lodgedAt: instant.nullable(),
    }),
  ),
});
export type RecordDays = z.infer<typeof recordDaysSchema>;
