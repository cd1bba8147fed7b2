import { desc, isNull, lte, or } from 'drizzle-orm';
import { londonDate } from '#shared/london-time';
import type { MailingKind, MailingResult } from '#shared/mail';
import type { AppContext } from '#server/context';
import { articles, dailyTips, mailings } from '#server/db/schema';
import { mailingRecipients } from '#server/db/mailing-recipients';
import { conflict } from '#server/http/errors';
import { headColumns, newestFirst } from '../articles/store';
import { signingKey, siteLink, unsubscribeToken } from './links';
import { blogPostEmail, dailyUpdateEmail, golfEmail } from './messages';
import { enqueue, wakeMailWorkers, type NewMessage } from './outbox';
import type { EmailContent } from './templates';

const NO_TIPS_TO_SEND = 'There are no tips to send yet. Publish the daily tips first.';
const NO_ARTICLE_TO_SEND = 'There is no published article to send yet.';

async function mailingContent(ctx: AppContext, kind: MailingKind): Promise<EmailContent> {
  const now = ctx.clock.now();
  if (kind === 'daily') {
    // The tips live now (the last published), read here: the tips feature's publishing writes mail.
    const [tips] = await ctx.db
      .select({ bannerDate: dailyTips.bannerDate, nap: dailyTips.nap, nb: dailyTips.nb, longshot: dailyTips.longshot })
      .from(dailyTips)
      .orderBy(desc(dailyTips.publishedAt), desc(dailyTips.id))
      .limit(1);
    if (!tips || (!tips.nap && !tips.nb && !tips.longshot)) throw conflict(NO_TIPS_TO_SEND);
    return dailyUpdateEmail(ctx.config, tips, now);
  }
  if (kind === 'blog') {
    // The newest article already published (a future publish date waits); title, summary and
    // link only: a premium body never leaves the site.
    const [article] = await ctx.db
      .select(headColumns)
      .from(articles)
      .where(or(isNull(articles.publishDate), lte(articles.publishDate, londonDate(now))))
      .orderBy(...newestFirst)
      .limit(1);
    if (!article) throw conflict(NO_ARTICLE_TO_SEND);
    return blogPostEmail(ctx.config, article);
  }
  return golfEmail(ctx.config);
}

function sentMessage(count: number, smtpConfigured: boolean): string {
  const who = `${count} active member${count === 1 ? '' : 's'}`;
  return smtpConfigured
    ? `Sent to ${who}`
    : `Queued for ${who}. No SMTP server is configured, so the e-mails wait in the outbox below.`;
}

/**
 * One admin press = one mailing: the mailing row and one outbox row per recipient are written in
 * one transaction, so the count the admin is told is exactly what was queued. Recipients are the
 * accounts with an active subscription at this moment that have not unsubscribed and have no
 * e-mail pause running (`mailingRecipients`).
 */
export async function sendMailing(ctx: AppContext, kind: MailingKind, adminId: number): Promise<MailingResult> {
  const content = await mailingContent(ctx, kind);
  const key = await signingKey(ctx);
  const now = ctx.clock.now();
  const { mailingId, count } = await ctx.db.transaction(async (tx) => {
    const recipients = await mailingRecipients(tx, now, ctx.config.PAYMENT_GRACE_DAYS);
    const [mailing] = await tx
      .insert(mailings)
      .values({ kind, createdBy: adminId, recipientCount: recipients.length, createdAt: now })
      .returning();
    const messages: NewMessage[] = recipients.map((u) => {
      const unsubscribeUrl = siteLink(ctx.config, `/unsubscribe?token=${unsubscribeToken(key, u.id)}`);
      const oneClick = siteLink(ctx.config, `/api/unsubscribe?token=${unsubscribeToken(key, u.id)}`);
      return {
        kind,
        recipient: u.email,
        idempotencyKey: `mailing:${mailing.id}:${u.id}`,
        mailingId: mailing.id,
        content: { ...content, unsubscribeUrl },
        // RFC 8058 one-click: mail clients POST "List-Unsubscribe=One-Click" to the https link.
        headers: {
          'List-Unsubscribe': `<${oneClick}>, <mailto:${ctx.config.SUPPORT_EMAIL}?subject=unsubscribe>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      };
    });
    await enqueue(ctx, messages, tx);
    return { mailingId: mailing.id, count: recipients.length };
  });
  await wakeMailWorkers(ctx);
  ctx.log.info({ mailingId, kind, recipients: count }, 'mailing queued');
  return { success: true, message: sentMessage(count, Boolean(ctx.config.SMTP_URL)), mailingId, recipientCount: count };
}
