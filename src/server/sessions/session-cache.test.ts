import { describe, expect, it } from 'vitest';
import { AUTH_CHANNEL, SESSION_CACHE_MAX_AGE_MS, SessionCache } from './session-cache';
import type { UserRow } from '#server/db/schema';

/** The database's notice side, driven by hand: a notice, a lost connection. */
function noticeBus() {
  const listeners = new Map<string, (payload: string) => void>();
  const missed: (() => void)[] = [];
  const bus = {
    listening: true,
    listen: async (channel: string, fn: (payload: string) => void) => {
      listeners.set(channel, fn);
      return async () => void listeners.delete(channel);
    },
    isListening: () => bus.listening,
    onNoticesMissed: (fn: () => void) => void missed.push(fn),
    notice: (payload: string) => listeners.get(AUTH_CHANNEL)!(payload),
    lose: () => {
      bus.listening = false;
      missed.forEach((fn) => fn());
    },
  };
  return bus;
}

const user = (id: number) => ({ id, email: `u${id}@example.com`, role: 'member' }) as UserRow;
const session = (id: number) => ({ user: user(id), lastSeenAt: 0, expiresAt: Number.MAX_SAFE_INTEGER });

async function started(now = () => 0) {
  const bus = noticeBus();
  const cache = new SessionCache(bus, now);
  await cache.start();
  return { bus, cache };
}

describe('SessionCache', () => {
  it('serves what was stored, as a frozen copy', async () => {
    const { cache } = await started();
    cache.store('s1', 'id-s1', session(1), cache.generation);
    const hit = cache.get('s1')!;
    expect(hit.user.email).toBe('u1@example.com');
    expect(() => ((hit.user as { role: string }).role = 'admin')).toThrow(TypeError);
    expect(cache.get('s2')).toBeUndefined();
  });

  it('forgets every session of a user named by a notice, and only theirs', async () => {
    const { bus, cache } = await started();
    cache.store('a1', 'id-a1', session(1), cache.generation);
    cache.store('a2', 'id-a2', session(1), cache.generation);
    cache.store('b1', 'id-b1', session(2), cache.generation);
    bus.notice('1');
    expect(cache.get('a1')).toBeUndefined();
    expect(cache.get('a2')).toBeUndefined();
    expect(cache.get('b1')?.user.id).toBe(2);
    bus.notice('all');
    expect(cache.get('b1')).toBeUndefined();
  });

  it('does not store a read that started before a change', async () => {
    const { bus, cache } = await started();
    const before = cache.generation;
    bus.notice('7'); // the change commits while the read is in flight
    cache.store('s7', 'id-s7', session(7), before);
    expect(cache.get('s7')).toBeUndefined();
    cache.store('s7', 'id-s7', session(7), cache.generation);
    expect(cache.get('s7')).toBeDefined();
  });

  it('serves nothing while notices may be missed, and forgets all when they were', async () => {
    const { bus, cache } = await started();
    cache.store('s1', 'id-s1', session(1), cache.generation);
    bus.lose();
    expect(cache.get('s1')).toBeUndefined();
    cache.store('s1', 'id-s1', session(1), cache.generation);
    bus.listening = true;
    expect(cache.get('s1')).toBeUndefined(); // nothing was kept from before or during the gap
  });

  it('trusts an entry for SESSION_CACHE_MAX_AGE_MS at most', async () => {
    let now = 1_000;
    const { cache } = await started(() => now);
    cache.store('s1', 'id-s1', session(1), cache.generation);
    now += SESSION_CACHE_MAX_AGE_MS - 1;
    expect(cache.get('s1')).toBeDefined();
    now += 1;
    expect(cache.get('s1')).toBeUndefined();
  });

  it('clear and forgetSession drop entries and stop reads in flight from storing', async () => {
    const { cache } = await started();
    cache.store('s1', 'id-s1', session(1), cache.generation);
    cache.store('s2', 'id-s2', session(2), cache.generation);
    const inFlight = cache.generation;
    cache.forgetSession('id-s1');
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.get('s2')).toBeDefined();
    cache.store('s1', 'id-s1', session(1), inFlight);
    expect(cache.get('s1')).toBeUndefined();
    cache.clear();
    expect(cache.get('s2')).toBeUndefined();
  });
});
