import { describe, expect, it } from 'vitest';
import { normaliseRaceTime, parseTipText } from './tip-text';

const tip = (selectionName: string, raceTime: string, raceLocation: string, advisedOdds: string) => ({
  selectionName,
  raceTime,
  raceLocation,
  advisedOdds,
});

describe('parseTipText', () => {
  it.each([
    ['Northern Star – 2:10 Ascot (7/1)', tip('Northern Star', '14:10', 'Ascot', '7/1')],
    ['Northern Star (14:30 Ascot) 5/1', tip('Northern Star', '14:30', 'Ascot', '5/1')],
    ['Northern Star 2.10 Ascot 7/1', tip('Northern Star', '14:10', 'Ascot', '7/1')],
    ['Northern Star - 2:10 Ascot', tip('Northern Star', '14:10', 'Ascot', '')],
    ['Northern Star, 2:10pm Ascot, evs', tip('Northern Star', '14:10', 'Ascot', 'evs')],
    ['Northern Star — 2:10 Ascot Evens', tip('Northern Star', '14:10', 'Ascot', 'evs')],
    ['Northern Star – 2:10 Ascot @ 11/4', tip('Northern Star', '14:10', 'Ascot', '11/4')],
    ['Northern Star – 2:10 Ascot (advised 7/1)', tip('Northern Star', '14:10', 'Ascot', '7/1')],
    ['Northern Star – 2:10 Ascot, odds: 9/2', tip('Northern Star', '14:10', 'Ascot', '9/2')],
    ['Northern Star (advised 7/1) – 2:10 Ascot', tip('Northern Star', '14:10', 'Ascot', '7/1')],
    ['Northern Star – 2:10 Ascot at 5/2', tip('Northern Star', '14:10', 'Ascot', '5/2')],
    ['Northern Star – 2:10 Ascot 7-1', tip('Northern Star', '14:10', 'Ascot', '7/1')],
    ['Northern Star – 2:10 Ascot (6.5)', tip('Northern Star', '14:10', 'Ascot', '6.5')],
    ['Northern Star (7/1) 2:10 Ascot', tip('Northern Star', '14:10', 'Ascot', '7/1')],
    ['NAP: Northern Star – 2:10 Ascot (7/1)', tip('Northern Star', '14:10', 'Ascot', '7/1')],
    ['2:10 Ascot – Northern Star (7/1)', tip('Northern Star', '14:10', 'Ascot', '7/1')],
    ['Northern Star – 8:15 Wolverhampton (9/2)', tip('Northern Star', '20:15', 'Wolverhampton', '9/2')],
    ['Northern Star – 12:05 Newton Abbot (100/30)', tip('Northern Star', '12:05', 'Newton Abbot', '100/30')],
    ['Northern Star – Ascot 7/1', tip('Northern Star', '', 'Ascot', '7/1')],
    ['Northern Star', tip('Northern Star', '', '', '')],
    ['  Mr. Bojangles   –  3:15  Haydock  ( 11/4 ) ', tip('Mr. Bojangles', '15:15', 'Haydock', '11/4')],
    ["O'Reilly's Pride – 4:00 Cheltenham (20/1)", tip("O'Reilly's Pride", '16:00', 'Cheltenham', '20/1')],
  ])('%s', (text, expected) => {
    expect(parseTipText(text)).toEqual(expected);
  });

  it('gives null when there is no horse', () => {
    expect(parseTipText('')).toBeNull();
    expect(parseTipText('   ')).toBeNull();
    expect(parseTipText(null)).toBeNull();
    expect(parseTipText('(7/1)')).toBeNull();
  });
});

describe('normaliseRaceTime', () => {
  it('reads afternoon hours without am/pm', () => {
    expect(normaliseRaceTime(2, 10)).toBe('14:10');
    expect(normaliseRaceTime(11, 45)).toBe('11:45');
    expect(normaliseRaceTime(12, 5)).toBe('12:05');
    expect(normaliseRaceTime(14, 30)).toBe('14:30');
    expect(normaliseRaceTime(11, 0, 'am')).toBe('11:00');
    expect(normaliseRaceTime(2, 10, 'PM')).toBe('14:10');
    expect(normaliseRaceTime(2, 75)).toBeNull();
  });
});
