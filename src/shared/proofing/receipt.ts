import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import canonicalize from 'canonicalize';
import { z } from 'zod';

/**
 * A receipt proves that a selection was published, unchanged, before its race. Its *opening* is the
 * RFC 8785 (JCS) canonical JSON text of the fields below — strings, nulls and objects only, so number
 * formatting never matters — and its *hash* is the SHA-256 of that text's UTF-8 bytes, in lower-case
 * hex. The opening is kept exactly as hashed and never re-serialised. The random nonce keeps the public
 * hash from being brute-forced back to the horse (a race has only a dozen runners) before the openings
 * are shown.
 */
const RECEIPT_VERSION = '1';
export const RECEIPT_KINDS = ['nap', 'nb', 'longshot', 'leg'] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);
const receiptOpeningSchema = z
  .object({
    v: z.literal(RECEIPT_VERSION),
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    kind: z.enum(RECEIPT_KINDS),
    // For a leg of a multiple: which of the day's multiples, its label and the leg's place in it.
    multiple: z.object({ no: z.string(), label: z.string(), leg: z.string() }).strict().nullable(),
    raceTime: z.string().regex(/^\d{2}:\d{2}$/), // London time
    course: z.string().min(1),
    horse: z.string().min(1),
    advised: z.string().nullable(), // the advised price as published ("11/2"), if one was named
    // The market price VBG held for the runner when the selection was published.
    market: z
      .object({ price: z.string(), text: z.string(), source: z.string(), observedAt: z.string() })
      .strict()
      .nullable(),
    publishedAt: z.string(), // ISO 8601 instant, milliseconds, UTC
    nonce: z.string().regex(/^[0-9a-f]{32}$/),
    replaces: hex64.nullable(), // the hash of the receipt this one corrects
  })
  .strict();
export type ReceiptOpening = z.infer<typeof receiptOpeningSchema>;

/** The canonical text of a receipt's fields (the version is added here). */
export function receiptOpening(fields: Omit<ReceiptOpening, 'v'>): string {
  const opening = receiptOpeningSchema.parse({ v: RECEIPT_VERSION, ...fields });
  const text = canonicalize(opening);
  if (text === undefined) throw new Error('A receipt must be a JSON object');
  return text;
}

/** Reads an opening back, or null when it is not a receipt of this version or not in canonical form. */
export function readOpening(text: string): ReceiptOpening | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = receiptOpeningSchema.safeParse(value);
  if (!parsed.success || canonicalize(parsed.data) !== text) return null;
  return parsed.data;
}

export const sha256Hex = (text: string): string => bytesToHex(sha256(utf8ToBytes(text)));

/** A receipt's hash: the SHA-256 (hex) of its opening as stored. */
export const receiptHash = (opening: string): string => sha256Hex(opening);

/**
 * The day's record is a hash chain: head₀ = SHA-256("vbg-record:v1:" + day), and each receipt in
 * order moves it on, headᵢ = SHA-256(headᵢ₋₁ + hashᵢ) over the two lower-case hex strings (128
 * characters). The day's root is its latest head, so every root commits to every earlier receipt in
 * order and a later correction cannot rewrite one. A member checks a step with
 * `printf %s "$previous$hash" | sha256sum`.
 */
export const chainStart = (day: string): string => sha256Hex(`vbg-record:v1:${day}`);

/** The text hashed for the next head (its SHA-256 is the next head; a time-stamp's imprint is that). */
export const chainStepText = (head: string, hash: string): string => `${head}${hash}`;

const chainNext = (head: string, hash: string): string => sha256Hex(chainStepText(head, hash));

/** The heads after each receipt: heads[i] is the root once receipts 1..i+1 were in. */
export function chainHeads(day: string, hashes: readonly string[]): string[] {
  const heads: string[] = [];
  let head = chainStart(day);
  for (const hash of hashes) {
    head = chainNext(head, hash);
    heads.push(head);
  }
  return heads;
}

/** The day's root after all its receipts (the chain's start when there are none). */
export const chainRoot = (day: string, hashes: readonly string[]): string =>
  hashes.length === 0 ? chainStart(day) : chainHeads(day, hashes).at(-1)!;

/** A fresh 128-bit nonce in hex (Web Crypto: the same on the server and in the browser). */
export function receiptNonce(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return bytesToHex(bytes);
}
