import type { PasteRefusal } from '#shared/pasted-race-lines';
import { ApiError, apiJson, errorMessage, parseAnswer } from './request';

/** What an analyst's paste came to: saved, or refused with each line's problem. */
export type PasteOutcome<A> = { ok: true; answer: A } | { ok: false; refusal: PasteRefusal };

/**
 * Posts a paste. A refusal (unreadable lines, unknown races or horses) is an outcome to show line
 * by line, not an error; only a network or server failure rejects.
 */
export async function sendPaste<A>(url: string, body: unknown, fallback: string): Promise<PasteOutcome<A>> {
  try {
    return { ok: true, answer: await apiJson<A>('POST', url, body) };
  } catch (err) {
    if (!(err instanceof ApiError) || err.status >= 500) throw err;
    let unmatched: PasteRefusal['unmatched'] = [];
    try {
      unmatched = parseAnswer<Partial<PasteRefusal>>(err.bodyText).unmatched ?? [];
    } catch {
      // not JSON: the message alone
    }
    return { ok: false, refusal: { message: errorMessage(err, fallback), unmatched } };
  }
}
