/**
 * Mail texts and answer shapes shared by server and browser (no zod here: pages stay light).
 * Member mailings are the three the admin sends; the others are transactional.
 */
export type MailingKind = 'daily' | 'blog' | 'golf';
/** The admin's three send calls (POST, no body), one per mailing. */
export const MAILING_PATHS: Record<MailingKind, string> = {
  daily: '/api/send-daily-update-email',
  blog: '/api/send-blog-post-email',
  golf: '/api/send-golf-email',
};
/**
 * `billing`: refunds, a failed payment, a membership ended, renewal and price notices. `alerts`: a
 * member's alert digest. `proofing`: a day's receipts lodged with the independent address
 * (PROOFING_EMAIL), never a member.
 */
export type MailKind = MailingKind | 'welcome' | 'password-reset' | 'cancellation' | 'billing' | 'alerts' | 'proofing';
export type OutboxStatus = 'queued' | 'sending' | 'sent' | 'failed';

export const RESET_LINK_SENT_MESSAGE =
  'If an account exists for that e-mail address, we have sent it a link to reset the password. The link works once, within 1 hour.';
export const RESET_LINK_INVALID_MESSAGE =
  'This password reset link is invalid or has expired. Please request a new one.';
export const RESET_DONE_MESSAGE = 'Your password has been reset. Please sign in with your new password.';
export const RESET_THROTTLED_MESSAGE = 'Too many password reset requests. Please wait 15 minutes and try again.';
export const UNSUBSCRIBE_INVALID_MESSAGE =
  'This unsubscribe link is not valid. Please use the link from one of our e-mails, or change your e-mail preference in My Account.';

/** Answer of the three send endpoints. */
export interface MailingResult {
  success: true;
  message: string;
  mailingId: number;
  recipientCount: number;
}

export interface OutboxCounts {
  queued: number;
  sending: number;
  sent: number;
  failed: number;
}

export interface MailingSummary extends OutboxCounts {
  id: number;
  kind: string;
  recipientCount: number;
  createdAt: string;
}

export interface OutboxMessage {
  id: number;
  kind: string;
  recipient: string;
  subject: string;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

export interface OutboxMessageDetail extends OutboxMessage {
  html: string;
  text: string;
}

/** GET /api/admin/mail/outbox */
export interface OutboxOverview {
  smtpConfigured: boolean;
  counts: OutboxCounts;
  mailings: MailingSummary[];
  messages: OutboxMessage[];
}
