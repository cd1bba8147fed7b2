import type { AppConfig } from '#server/env';
import { siteLink } from './links';

/**
 * Every e-mail is HTML with a plain-text alternative, built from the same blocks so the two
 * never drift apart. Table layout and inline styles: what mail clients render reliably.
 */
export type Block =
  | { kind: 'p'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'pick'; label: string; value: string }
  | { kind: 'button'; label: string; href: string };

export interface EmailContent {
  subject: string;
  /** Shown by mail clients beside the subject. */
  preheader: string;
  blocks: Block[];
  /** Mailings only: the one-click link and why the member gets this. */
  unsubscribeUrl?: string;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const GAMBLING_SUPPORT_TEXT =
  '18+ | Please gamble responsibly. For free, confidential support visit BeGambleAware.org or call the National Gambling Helpline on 0808 8020 133.';
const GAMBLE_AWARE_URL = 'https://www.begambleaware.org';
const GAMCARE_URL = 'https://www.gamcare.org.uk';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Article summaries are sanitised HTML; e-mail shows them as text. */
export function htmlToText(html: string): string {
  return html
    .replace(/<\s*(br|\/p|\/li|\/h[1-6]|\/blockquote)[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n')
    .trim();
}

function blockHtml(b: Block): string {
  switch (b.kind) {
    case 'heading':
      return `<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:#0b1f3a">${escapeHtml(b.text)}</h1>`;
    case 'p':
      return `<p style="margin:0 0 14px;font-size:16px;line-height:1.5;color:#1e293b">${escapeHtml(b.text).replace(/\n/g, '<br>')}</p>`;
    case 'pick':
      return `<p style="margin:0 0 10px;font-size:16px;line-height:1.5;color:#1e293b"><strong style="color:#0b1f3a">${escapeHtml(b.label)}:</strong> ${escapeHtml(b.value)}</p>`;
    case 'button':
      return `<p style="margin:22px 0"><a href="${escapeHtml(b.href)}" style="display:inline-block;background:#0b1f3a;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 22px;border-radius:6px;border-bottom:3px solid #c9a227">${escapeHtml(b.label)}</a></p>`;
  }
}

function blockText(b: Block): string {
  switch (b.kind) {
    case 'heading':
      return `${b.text}\n${'='.repeat(Math.min(b.text.length, 60))}`;
    case 'p':
      return b.text;
    case 'pick':
      return `${b.label}: ${b.value}`;
    case 'button':
      return `${b.label}: ${b.href}`;
  }
}

export function renderEmail(config: AppConfig, content: EmailContent): RenderedEmail {
  const site = config.SITE_NAME;
  const support = config.SUPPORT_EMAIL;
  const unsubscribeHtml = content.unsubscribeUrl
    ? `<p style="margin:0 0 8px">You receive this e-mail because you are a ${escapeHtml(site)} member. <a href="${escapeHtml(content.unsubscribeUrl)}" style="color:#334155">Unsubscribe</a> from member e-mails with one click.</p>`
    : '';
  const html = `<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(content.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:#0b1f3a;padding:18px 24px;border-bottom:4px solid #c9a227"><a href="${escapeHtml(siteLink(config, '/'))}" style="color:#ffffff;font-size:20px;font-weight:bold;text-decoration:none">${escapeHtml(site)}</a></td></tr>
<tr><td style="padding:24px">${content.blocks.map(blockHtml).join('\n')}</td></tr>
<tr><td style="padding:18px 24px;background:#f8fafc;border-top:1px solid #e2e8f0;font-size:13px;line-height:1.5;color:#475569">
<p style="margin:0 0 8px"><strong>18+ | Please gamble responsibly.</strong> For free, confidential support visit <a href="${GAMBLE_AWARE_URL}" style="color:#334155">BeGambleAware.org</a> or call the National Gambling Helpline on 0808 8020 133.</p>
<p style="margin:0 0 8px">GamCare: <a href="${GAMCARE_URL}" style="color:#334155">GamCare.org.uk</a>. Need a break? <a href="${escapeHtml(siteLink(config, '/responsible-gambling'))}" style="color:#334155">Responsible gambling</a> tools, including pausing these e-mails. <a href="${escapeHtml(siteLink(config, '/terms'))}" style="color:#334155">Terms</a> · <a href="${escapeHtml(siteLink(config, '/privacy'))}" style="color:#334155">Privacy</a></p>
<p style="margin:0 0 8px">Questions? E-mail <a href="mailto:${escapeHtml(support)}" style="color:#334155">${escapeHtml(support)}</a>.</p>
${unsubscribeHtml}
<p style="margin:0">&copy; ${escapeHtml(site)}. Past performance is no guarantee of future results.</p>
</td></tr>
</table></td></tr></table>
</body>
</html>`;
  const footer = [
    '--',
    `${GAMBLING_SUPPORT_TEXT} ${GAMBLE_AWARE_URL}`,
    `GamCare: ${GAMCARE_URL}. Need a break? Responsible gambling tools, including pausing these e-mails: ${siteLink(config, '/responsible-gambling')}`,
    `Terms: ${siteLink(config, '/terms')} | Privacy: ${siteLink(config, '/privacy')}`,
    `Questions? E-mail ${support}.`,
    ...(content.unsubscribeUrl
      ? [`You receive this e-mail because you are a ${site} member. Unsubscribe: ${content.unsubscribeUrl}`]
      : []),
    `${site}. Past performance is no guarantee of future results.`,
  ];
  const text = [site, '', ...content.blocks.map(blockText).flatMap((t) => [t, '']), ...footer].join('\n');
  return { subject: content.subject, html, text };
}
