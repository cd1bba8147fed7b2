import { describe, expect, it } from 'vitest';
import { readRunnerLink, runnerCardUrl } from './runner-link';

describe('runner links', () => {
  it('reads back the runner an address was made for, spaces and punctuation included', () => {
    const runner = { date: '2026-11-25', time: '14:10', course: 'Newton Abbot', horseName: "L'Homme Presse (FR)" };
    const url = runnerCardUrl(runner);
    expect(url.startsWith('/vbg-race-cards?')).toBe(true);
    expect(readRunnerLink(new URL(url, 'https://vbg.test').searchParams)).toEqual(runner);
  });

  it('refuses an address with a part missing or malformed', () => {
    expect(readRunnerLink(new URLSearchParams('date=2026-11-25&time=14:10&course=Ascot'))).toBeNull();
    expect(readRunnerLink(new URLSearchParams('date=25/11/2026&time=14:10&course=Ascot&horse=X'))).toBeNull();
    expect(readRunnerLink(new URLSearchParams('date=2026-11-25&time=2pm&course=Ascot&horse=X'))).toBeNull();
    // Shaped like a day but no day of the calendar.
    expect(readRunnerLink(new URLSearchParams('date=2026-13-45&time=14:10&course=Ascot&horse=X'))).toBeNull();
  });
});
