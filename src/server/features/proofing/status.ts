import { asc, eq } from 'drizzle-orm';
import type { ProofingStatus } from '#shared/schemas/proofing';
import type { AppContext } from '#server/context';
import { proofStamps } from '#server/db/schema';
import { NO_TSA_MESSAGE } from './stamper';

const seconds = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
const minutes = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function host(url: string | null): string {
  if (!url) return 'the time-stamp authority';
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** The day's stamps for the admin, in London time: stamped by whom, lodged when, or why not yet. */
export async function proofingStatus(ctx: AppContext, date: string): Promise<ProofingStatus> {
  const tsa = ctx.config.PROOFING_TSA_URL ?? null;
  const rows = await ctx.db
    .select()
    .from(proofStamps)
    .where(eq(proofStamps.raceDate, date))
    .orderBy(asc(proofStamps.receipts));
  return {
    date,
    tsa,
    message: tsa ? null : `Not stamped: ${NO_TSA_MESSAGE} (set PROOFING_TSA_URL and PROOFING_TSA_CA).`,
    stamps: rows.map((s) => {
      const lines: string[] = [];
      const status = s.status;
      if (status === 'stamped' && s.genTime) lines.push(`Stamped ${seconds.format(s.genTime)} by ${host(s.tsaUrl)}`);
      else if (status === 'superseded') lines.push('Not stamped itself: a later head of the day covers its receipts');
      else if (status === 'failed')
        lines.push(
          `Not stamped: gave up after attempt ${s.attempts} (${s.lastError ?? 'no answer'}) once the day's races were off`,
        );
      else if (!tsa) lines.push(`Not stamped: ${NO_TSA_MESSAGE}`);
      else if (s.attempts === 0) lines.push('Waiting for its time-stamp');
      else
        lines.push(
          `Not stamped: attempt ${s.attempts} failed (${s.lastError ?? 'no answer'}), next try ${minutes.format(s.nextAttemptAt)}`,
        );
      if (s.lodgedAt) lines.push(`Lodgement e-mail sent ${seconds.format(s.lodgedAt)}`);
      else if (s.outboxKey) lines.push('Lodgement e-mail not sent yet');
      return { receipts: s.receipts, root: s.root, status, lines };
    }),
  };
}
