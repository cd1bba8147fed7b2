import { describe, expect, it } from 'vitest';
import { noteSavedAt, SAVED_AT_HEADER, savedAtNow, subscribeSavedAt } from './saved-data';

const saved = (iso: string) => new Response('{}', { headers: { [SAVED_AT_HEADER]: iso } });

describe('the saved-data note', () => {
  it('keeps the oldest saved time while answers come from saved copies, and clears on a fresh answer', () => {
    let told = 0;
    const unsubscribe = subscribeSavedAt(() => told++);
    noteSavedAt(saved('2026-11-25T08:14:00Z'));
    noteSavedAt(saved('2026-11-25T09:30:00Z'));
    noteSavedAt(saved('2026-11-25T08:02:00Z'));
    expect(savedAtNow()).toBe(Date.parse('2026-11-25T08:02:00Z'));
    // A failed answer from the network says nothing about what the page shows.
    noteSavedAt(new Response('', { status: 503 }));
    expect(savedAtNow()).toBe(Date.parse('2026-11-25T08:02:00Z'));
    noteSavedAt(new Response('{}'));
    expect(savedAtNow()).toBeNull();
    expect(told).toBe(3); // set, lowered, cleared: unchanged times tell nobody
    unsubscribe();
    noteSavedAt(saved('2026-11-25T08:14:00Z'));
    expect(told).toBe(3);
    noteSavedAt(new Response('{}'));
  });
});
