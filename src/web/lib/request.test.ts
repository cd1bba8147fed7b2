import { afterEach, describe, expect, it, vi } from 'vitest';

/** The module afresh for each test: signing out is for good within one page's copy of it. */
async function freshRequestModule() {
  vi.resetModules();
  return import('./request');
}

/** A fetch whose answers the test gives, one per request, in the order they were sent. */
function heldFetch() {
  const answers: Array<(res: Response) => void> = [];
  const fetch = vi.fn(() => new Promise<Response>((resolve) => answers.push(resolve)));
  vi.stubGlobal('fetch', fetch);
  return { fetch, answerNext: (res: Response) => answers.shift()?.(res) };
}

/** Lets every promise that can settle now settle (the queued callbacks run before the next turn). */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

const settledYet = (promise: Promise<unknown>) => {
  let settled = false;
  void promise.finally(() => (settled = true));
  return () => settled;
};

describe('signing out stops the requests of the page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('waits for what was already sent, then sends nothing more in the person’s name', async () => {
    const { getJson, apiJson, stopRequestsToSignOut, SigningOutError } = await freshRequestModule();
    const { fetch, answerNext } = heldFetch();
    const poll = getJson<{ ok: boolean }>('/api/admin/proofing/status');
    expect(fetch).toHaveBeenCalledTimes(1);

    const stopped = stopRequestsToSignOut();
    const isStopped = settledYet(stopped);
    await nextTurn();
    expect(isStopped()).toBe(false);

    answerNext(new Response('{"ok":true}'));
    await stopped;
    await expect(poll).resolves.toEqual({ ok: true });

    await expect(getJson('/api/admin/proofing/status')).rejects.toBeInstanceOf(SigningOutError);
    await expect(apiJson('POST', '/api/my-bets', { stake: 1 })).rejects.toBeInstanceOf(SigningOutError);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('does not wait on a request that never answers for more than ten seconds', async () => {
    vi.useFakeTimers();
    const { getJson, stopRequestsToSignOut } = await freshRequestModule();
    heldFetch();
    void getJson('/api/tips').catch(() => undefined);
    const isStopped = settledYet(stopRequestsToSignOut());
    await vi.advanceTimersByTimeAsync(9_999);
    expect(isStopped()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(isStopped()).toBe(true);
  });

  it('a failed request is let go of too', async () => {
    const { getJson, stopRequestsToSignOut } = await freshRequestModule();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(getJson('/api/tips')).rejects.toBeInstanceOf(TypeError);
    vi.useFakeTimers();
    const isStopped = settledYet(stopRequestsToSignOut());
    await vi.advanceTimersByTimeAsync(0);
    expect(isStopped()).toBe(true);
  });
});
