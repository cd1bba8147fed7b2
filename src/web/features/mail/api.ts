import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MAILING_PATHS,
  type MailingKind,
  type MailingResult,
  type OutboxMessage,
  type OutboxMessageDetail,
  type OutboxOverview,
} from '#shared/mail';
import { apiJson, getJson } from '#web/lib/request';

interface Answer {
  success: boolean;
  message: string;
}

const OUTBOX_KEY = ['/api/admin/mail/outbox'] as const;

export function useSendMailing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kind: MailingKind) => apiJson<MailingResult>('POST', MAILING_PATHS[kind]),
    onSettled: () => queryClient.invalidateQueries({ queryKey: OUTBOX_KEY }),
  });
}

/** The outbox; while mail is going out it refreshes every 2 s so the counts move (10 s while retries wait). */
export function useOutbox() {
  return useQuery({
    queryKey: OUTBOX_KEY,
    queryFn: () => getJson<OutboxOverview>(OUTBOX_KEY[0]),
    refetchInterval: (query) => {
      const data = query.state.data;
      if (!data?.smtpConfigured) return false;
      const fresh = data.mailings.some(
        (m) => m.queued + m.sending > 0 && Date.now() - Date.parse(m.createdAt) < 10 * 60_000,
      );
      if (data.counts.sending > 0 || fresh) return 2000;
      return data.counts.queued > 0 ? 10_000 : false;
    },
  });
}

export function useOutboxMessage(id: number | null) {
  return useQuery({
    queryKey: ['/api/admin/mail/outbox', id],
    queryFn: () => getJson<OutboxMessageDetail>(`/api/admin/mail/outbox/${id}`),
    enabled: id !== null,
  });
}

export function useRetryMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiJson<Answer & { outboxMessage: OutboxMessage }>('POST', `/api/admin/mail/outbox/${id}/retry`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: OUTBOX_KEY }),
  });
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: (token: string) => apiJson<Answer>('POST', '/api/unsubscribe', { token }) });
}
