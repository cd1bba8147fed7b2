import { formatLongDay, londonDate } from '#shared/london-time';
import type { DailyTips } from '#shared/schemas/tips';
import type { AppConfig } from '#server/env';
import type { ArticleHead } from '../articles/store';
import { siteLink } from './links';
import { htmlToText, type Block, type EmailContent } from './templates';

/** What each e-mail says. Pure: the use cases fetch the data, templates.ts draws it. */

export function dailyUpdateEmail(
  config: AppConfig,
  tips: Pick<DailyTips, 'bannerDate' | 'nap' | 'nb' | 'longshot'>,
  now: Date,
): EmailContent {
  const day = tips.bannerDate.trim() || formatLongDay(londonDate(now));
  const picks: Block[] = [
    { kind: 'pick', label: 'NAP', value: tips.nap || 'No NAP selection today' },
    { kind: 'pick', label: 'NB', value: tips.nb || 'No NB selection today' },
    { kind: 'pick', label: 'Longshot', value: tips.longshot || 'No Longshot selection today' },
  ];
  return {
    subject: `${config.SITE_NAME} Daily Tips: ${day}`,
    preheader: `Today's NAP, NB and Longshot are live.`,
    blocks: [
      { kind: 'heading', text: `Today's tips are live` },
      { kind: 'p', text: day },
      ...picks,
      { kind: 'p', text: 'The multiples, the daily preview and the race cards with VB ratings are on the site.' },
      { kind: 'button', label: "View today's tips", href: siteLink(config, '/tips') },
    ],
  };
}

export function blogPostEmail(config: AppConfig, article: ArticleHead): EmailContent {
  const summary = htmlToText(article.summary);
  return {
    subject: `New on ${config.SITE_NAME}: ${article.title}`,
    preheader: summary.slice(0, 120) || article.title,
    blocks: [
      { kind: 'heading', text: article.title },
      ...(article.contentType === 'premium' ? [{ kind: 'p' as const, text: 'Members-only article' }] : []),
      ...(summary ? [{ kind: 'p' as const, text: summary }] : []),
      {
        kind: 'button',
        label: 'Read the article',
        href: siteLink(config, `/news-and-views/${encodeURIComponent(article.slug)}`),
      },
    ],
  };
}

export function golfEmail(config: AppConfig): EmailContent {
  return {
    subject: `${config.SITE_NAME} Golf Analysis`,
    preheader: 'Weekly Golf Analysis Coming Soon',
    blocks: [
      { kind: 'heading', text: 'Golf Analysis' },
      { kind: 'p', text: 'Weekly Golf Analysis Coming Soon: form analysis, value assessment and the weekly schedule.' },
      { kind: 'p', text: 'Golf is included in your existing subscription at no extra cost.' },
      { kind: 'button', label: 'Open Golf', href: siteLink(config, '/golf') },
    ],
  };
}

export function passwordResetEmail(config: AppConfig, token: string): EmailContent {
  return {
    subject: `Reset your ${config.SITE_NAME} password`,
    preheader: 'The link works once, within 1 hour.',
    blocks: [
      { kind: 'heading', text: 'Reset your password' },
      { kind: 'p', text: `Someone (we hope you) asked to reset the password of your ${config.SITE_NAME} account.` },
      {
        kind: 'button',
        label: 'Choose a new password',
        href: siteLink(config, `/reset-password?token=${encodeURIComponent(token)}`),
      },
      {
        kind: 'p',
        text: 'The link works once, within 1 hour. If you did not ask for it, ignore this e-mail: your password stays as it is.',
      },
    ],
  };
}

export function cancellationEmail(config: AppConfig, accessUntil: Date | null): EmailContent {
  const until = accessUntil ? formatLongDay(londonDate(accessUntil)) : null;
  return {
    subject: `Your ${config.SITE_NAME} subscription has been cancelled`,
    preheader: 'You keep access until the end of your billing period.',
    blocks: [
      { kind: 'heading', text: 'Subscription cancelled' },
      { kind: 'p', text: 'Your subscription has been cancelled and will not renew.' },
      {
        kind: 'p',
        text: until
          ? `You'll retain access until the end of your billing period, ${until}.`
          : "You'll retain access until the end of your billing period.",
      },
      { kind: 'p', text: 'Changed your mind? You can subscribe again at any time.' },
      { kind: 'button', label: 'My Account', href: siteLink(config, '/my-account') },
    ],
  };
}
