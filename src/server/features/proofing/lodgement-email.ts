import { formatLongDay } from '#shared/london-time';
import { chainStart } from '#shared/proofing/receipt';
import type { AppConfig } from '#server/env';
import type { Block, EmailContent } from '../mail/templates';

interface Lodged {
  day: string;
  root: string;
  /** Every receipt of the day so far, in chain order. */
  receipts: ReadonlyArray<{ seq: number; opening: string; hash: string }>;
  /** How many of them this publication added. */
  added: number;
}

/**
 * The e-mail that lodges a day's receipts with the independent address (PROOFING_EMAIL): every
 * opening in full with its hash, the root they chain to, and how to check both with sha256sum. The
 * openings name the day's selections, so it goes to that address only, never to members.
 */
export function lodgementEmail(config: AppConfig, { day, root, receipts, added }: Lodged): EmailContent {
  const n = receipts.length;
  const blocks: Block[] = [
    { kind: 'heading', text: `Receipts for ${formatLongDay(day)}` },
    {
      kind: 'p',
      text: `${config.SITE_NAME} published ${added === n ? n : `${added} more`} receipt${added === 1 ? '' : 's'} for ${day}. The day now has ${n}, and its root is ${root}. Keep this e-mail: it shows the selections were fixed when it was sent.`,
    },
    ...receipts.flatMap((r): Block[] => [
      { kind: 'pick', label: `Receipt ${r.seq}`, value: r.opening },
      { kind: 'p', text: `SHA-256 of receipt ${r.seq}: ${r.hash}` },
    ]),
    { kind: 'pick', label: `Root after ${n} receipts`, value: root },
    { kind: 'heading', text: 'How to check' },
    {
      kind: 'p',
      text: `A receipt's hash is the SHA-256 of its text exactly as above (one line, nothing added): save the text in a file without a line break at the end and run sha256sum on it, or run printf %s 'the text' | sha256sum.`,
    },
    {
      kind: 'p',
      text: `The root chains every receipt in order. Start with printf %s "vbg-record:v1:${day}" | sha256sum, which gives ${chainStart(day)}. Then for each receipt in turn run printf %s "$head$hash" | sha256sum, where head is the last result and hash is the receipt's hash. After receipt ${n} the result is the root.`,
    },
  ];
  return {
    subject: `${config.SITE_NAME} receipts for ${day}: root ${root}`,
    preheader: `${n} receipt${n === 1 ? '' : 's'} for ${day}, root ${root}`,
    blocks,
  };
}
