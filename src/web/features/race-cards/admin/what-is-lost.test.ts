import { describe, expect, it } from 'vitest';
import { whatIsLost, whileReading } from './what-is-lost';

const race = (id: number, runnerCount: number) => ({
  id,
  raceDate: '2026-11-30',
  time: '14:00',
  course: 'Ascot',
  title: 'A race',
  runnerCount,
});

describe('what clearing a weekday tab destroys', () => {
  it('names the races, runners, day and what later stages added', () => {
    expect(whatIsLost('monday', [race(1, 9), race(2, 1)])).toBe(
      'All 2 races and 10 runners in the Monday tab for Mon 30 Nov will be removed, with their verdicts, morning odds, non-runner flags and summaries, and the free race if it is one of them. This cannot be undone.',
    );
  });
  it('says when there is nothing to lose', () => {
    expect(whatIsLost('tuesday', [])).toBe('The Tuesday tab has no race cards: nothing will be removed.');
  });
});

describe('a clear confirmation before its lists are read', () => {
  it('says it is reading, then what failed, and nothing once the lists are in', () => {
    expect(whileReading({ lists: null, failed: null }, 'what the Sunday tab holds')).toBe(
      'Reading what the Sunday tab holds…',
    );
    expect(whileReading({ lists: null, failed: 'The server could not be reached.' }, 'x')).toBe(
      'The server could not be reached. Nothing has been cleared: close this and try again.',
    );
    expect(whileReading({ lists: {}, failed: null }, 'x')).toBeNull();
  });
});
