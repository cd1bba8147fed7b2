import { describe, expect, it } from 'vitest';
import { markSavedPage } from '../features/race-day-app/offline-rules';
import { noteSavedAt, noteSavedPage, SAVED_AT_HEADER, savedAtNow, subscribeSavedAt } from './saved-data';

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

  it('reads the time a page was saved from the mark the worker puts in a saved copy', () => {
    const page = '<!doctype html><html lang="en-GB"><head><title>Tips</title></head><body></body></html>';
    const marked = markSavedPage(page, '2026-11-25T07:55:00.000Z');
    expect(marked).toContain('<head><meta name="vbg-saved-at" content="2026-11-25T07:55:00.000Z"><title>');
    // Only a time gets in: nothing that could close the attribute.
    const hostile = markSavedPage(page, '2026"><script>x</script>');
    expect(hostile).not.toContain('<script>');
    expect(hostile).toContain('<meta name="vbg-saved-at" content="2026"><title>');
    const doc = (html: string) => ({
      querySelector: () => {
        const m = /name="vbg-saved-at" content="([^"]*)"/.exec(html);
        return m ? ({ getAttribute: () => m[1] } as unknown as Element) : null;
      },
    });
    noteSavedPage(doc(page));
    expect(savedAtNow()).toBeNull(); // a page from the network carries no mark
    noteSavedPage(doc(marked));
    expect(savedAtNow()).toBe(Date.parse('2026-11-25T07:55:00.000Z'));
    noteSavedAt(new Response('{}'));
    expect(savedAtNow()).toBeNull();
  });
});
