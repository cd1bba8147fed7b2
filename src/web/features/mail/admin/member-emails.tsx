import { useState } from 'react';
import { Eye, Loader2, Mail, RotateCcw } from 'lucide-react';
import type { MailingKind, MailingSummary, OutboxMessage, OutboxStatus } from '#shared/mail';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { DataTable, type Column } from '#web/components/ui/data-table';
import { QueryView } from '#web/components/ui/query-view';
import { Skeleton } from '#web/components/ui/skeleton';
import { Stat } from '#web/components/ui/stat';
import { toast } from '#web/components/ui/use-toast';
import { cn } from '#web/lib/cn';
import { errorMessage } from '#web/lib/request';
import { useOutbox, useOutboxMessage, useRetryMessage, useSendMailing } from '../api';

const MAILINGS: Array<{ kind: MailingKind; button: string; what: string }> = [
  { kind: 'daily', button: 'Send Daily Update Email', what: 'today’s tips summary with a link to the tips' },
  { kind: 'blog', button: 'Send Blog Post Email', what: 'the latest article (title, summary and link)' },
  { kind: 'golf', button: 'Send Golf Email', what: 'the golf note' },
];

const KIND_LABELS: Record<string, string> = {
  daily: 'Daily update',
  blog: 'Blog post',
  golf: 'Golf',
  welcome: 'Welcome',
  'password-reset': 'Password reset',
  cancellation: 'Cancellation',
  billing: 'Billing',
  alerts: 'Alert digest',
  proofing: 'Receipts lodged',
};

const STATUS_TONES: Record<OutboxStatus, string> = {
  queued: 'bg-amber-100 text-amber-900',
  sending: 'bg-sky-100 text-sky-900',
  sent: 'bg-emerald-100 text-emerald-900',
  failed: 'bg-red-100 text-red-900',
};

const timeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});
const when = (iso: string) => timeFormat.format(new Date(iso));

function StatusBadge({ status }: { status: OutboxStatus }) {
  return (
    <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold capitalize', STATUS_TONES[status])}>
      {status}
    </span>
  );
}

const STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;

const MAILING_COLUMNS: Array<Column<MailingSummary>> = [
  { header: 'Sent', cell: (m) => when(m.createdAt) },
  { header: 'E-mail', cell: (m) => KIND_LABELS[m.kind] ?? m.kind },
  { header: 'Members', cell: (m) => m.recipientCount },
  { header: 'Queued', cell: (m) => m.queued + m.sending },
  { header: 'Delivered', cell: (m) => m.sent },
  { header: 'Failed', cell: (m) => m.failed, cellClassName: (m) => (m.failed > 0 ? 'font-bold text-red-700' : '') },
];

/** Admin: the three member mailings and the outbox they go through. */
export function MemberEmails() {
  const send = useSendMailing();
  const [confirming, setConfirming] = useState<(typeof MAILINGS)[number] | null>(null);

  function confirmSend() {
    if (!confirming) return;
    const { kind } = confirming;
    send.mutate(kind, {
      onSuccess: (result) => toast({ title: 'Email Sent', description: result.message }),
      onError: (err) =>
        toast({
          title: 'Email Send Failed',
          description: errorMessage(err, 'Failed to send email'),
          variant: 'destructive',
        }),
      onSettled: () => setConfirming(null),
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3" size="md" className="flex items-center gap-2">
          <Mail className="h-5 w-5" aria-hidden="true" />
          Member E-mails
        </CardTitle>
        <CardDescription>E-mail every active member who has not unsubscribed.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="grid gap-3 sm:grid-cols-3">
          {MAILINGS.map((m) => (
            <Button
              key={m.kind}
              variant="outline"
              onClick={() => setConfirming(m)}
              disabled={send.isPending}
              className="w-full"
            >
              {send.isPending && send.variables === m.kind ? (
                <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
              ) : null}
              {m.button}
            </Button>
          ))}
        </div>
        <Outbox />
      </CardContent>
      <ConfirmDialog
        open={confirming !== null}
        title={confirming?.button ?? ''}
        description={confirming ? `Send ${confirming.what} to all active members now?` : ''}
        confirmLabel="Send"
        busy={send.isPending}
        busyLabel="Sending..."
        onConfirm={confirmSend}
        onCancel={() => setConfirming(null)}
      />
    </Card>
  );
}

function Outbox() {
  const outbox = useOutbox();
  const retry = useRetryMessage();
  const [viewing, setViewing] = useState<number | null>(null);

  function sendAgain(m: OutboxMessage) {
    retry.mutate(m.id, {
      onSuccess: (result) => toast({ title: 'Queued again', description: result.message }),
      onError: (err) =>
        toast({
          title: 'Email Send Failed',
          description: errorMessage(err, 'Could not queue the message again'),
          variant: 'destructive',
        }),
    });
  }

  return (
    <QueryView
      query={outbox}
      loading={<Skeleton className="h-40 w-full" />}
      errorText="Could not load the outbox."
      errorClassName="text-red-700"
    >
      {({ counts, mailings, messages, smtpConfigured }) => (
        <section aria-labelledby="outbox-heading" className="grid gap-4">
          <h4 id="outbox-heading" className="text-base font-bold text-navy-900">
            Outbox
          </h4>
          {!smtpConfigured && (
            <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
              No SMTP server is configured (SMTP_URL), so nothing is sent: e-mails wait here, and you can read each one
              below.
            </p>
          )}
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Outbox totals">
            {STATUSES.map((s) => (
              <Stat key={s} label={s.charAt(0).toUpperCase() + s.slice(1)} value={counts[s]} testId={`outbox-${s}`} />
            ))}
          </dl>

          {mailings.length > 0 && (
            <DataTable
              caption="Recent mailings"
              columns={MAILING_COLUMNS}
              rows={mailings}
              rowKey={(m) => m.id}
              className="min-w-[28rem]"
            />
          )}

          {messages.length === 0 ? (
            <p className="text-sm text-slate-600">No e-mails yet.</p>
          ) : (
            <ul className="grid gap-2" aria-label="Latest e-mails">
              {messages.map((m) => (
                <li key={m.id} className="rounded-lg border border-slate-200 p-3">
                  <div className="flex flex-wrap items-center gap-2">
                    <StatusBadge status={m.status} />
                    <span className="text-xs text-slate-600">{KIND_LABELS[m.kind] ?? m.kind}</span>
                    <span className="text-xs text-slate-600">{when(m.createdAt)}</span>
                    {m.attempts > 1 && <span className="text-xs text-slate-600">{m.attempts} attempts</span>}
                  </div>
                  <p className="mt-1 break-all text-sm font-semibold text-navy-900">{m.recipient}</p>
                  <p className="text-sm text-slate-800">{m.subject}</p>
                  {m.lastError && <p className="mt-1 break-words text-xs text-red-800">{m.lastError}</p>}
                  <div className="mt-2 flex flex-wrap gap-2">
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => setViewing(viewing === m.id ? null : m.id)}
                      aria-expanded={viewing === m.id}
                    >
                      <Eye className="h-4 w-4" aria-hidden="true" />
                      {viewing === m.id ? 'Hide' : 'View'}
                    </Button>
                    {m.status === 'failed' && m.kind !== 'password-reset' && (
                      <Button size="sm" variant="ghost" onClick={() => sendAgain(m)} disabled={retry.isPending}>
                        <RotateCcw className="h-4 w-4" aria-hidden="true" />
                        Send again
                      </Button>
                    )}
                  </div>
                  {viewing === m.id && <MessagePreview id={m.id} />}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </QueryView>
  );
}

/**
 * The e-mail as the member sees it, in a sandboxed frame (no scripts, no access to this page),
 * except that the server hides the secret in links that act for the member (outbox-view.ts).
 */
function MessagePreview({ id }: { id: number }) {
  const message = useOutboxMessage(id);
  return (
    <QueryView
      query={message}
      loading={<Skeleton className="mt-3 h-64 w-full" />}
      errorText="Could not load the e-mail."
      errorClassName="mt-3 text-red-700"
    >
      {(m) => (
        <div className="mt-3 grid gap-2">
          <p className="text-xs text-slate-600">
            Links that reset a password, set one or unsubscribe are hidden here: they would act for the member. Their
            e-mail has the real link.
          </p>
          <iframe
            title={`E-mail to ${m.recipient}`}
            sandbox=""
            srcDoc={m.html}
            className="h-[32rem] w-full rounded border border-slate-200 bg-white"
          />
          <details>
            <summary className="cursor-pointer text-sm font-semibold text-navy-900">Text version</summary>
            <pre className="mt-2 max-h-80 overflow-auto whitespace-pre-wrap rounded bg-slate-50 p-3 text-xs text-slate-800">
              {m.text}
            </pre>
          </details>
        </div>
      )}
    </QueryView>
  );
}
