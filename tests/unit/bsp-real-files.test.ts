import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bspBatch, parseBspFile } from '#shared/bsp-file';

/** Betfair's own BSP files, excerpts kept unchanged (sources in tests/fixtures/real/bsp/README.md). */
const real = (name: string) => fs.readFileSync(path.join(import.meta.dirname, '../fixtures/real/bsp', name), 'utf8');

describe('the BSP reader on real files', () => {
  it("reads a live win file whose name is the next day's: every row dated by its EVENT_DT", () => {
    const { rows, problems } = parseBspFile(real('dwbfpricesukwin03012023-excerpt.csv'));
    expect(problems).toEqual([]);
    expect(rows).toHaveLength(16);
    expect(new Set(rows.map((r) => r.date))).toEqual(new Set(['2023-01-02'])); // the file is named 03-01-2023
    expect(rows[3]).toEqual({
      line: 5,
      eventId: '208150086',
      course: 'Ayr',
      raceName: '2m Hcap Chs',
      date: '2023-01-02',
      time: '15:45',
      horseName: 'Escapeandevade',
      winLose: true,
      bsp: 2.277386495,
    });
  });

  it('settles the races from it: the winner, the runners at 1000 ran and lost, the BSPs kept to two decimals', () => {
    const { results, prices, notes } = bspBatch(parseBspFile(real('dwbfpricesukwin03012023-excerpt.csv')).rows, null);
    const [plumpton, ayr] = results;
    expect(plumpton).toMatchObject({ date: '2023-01-02', time: '13:00', course: 'Plumpton', settles: false });
    expect(plumpton.runners).toHaveLength(12);
    expect(plumpton.runners.filter((r) => r.finish === 'won').map((r) => r.horseName)).toEqual(['Hansard']);
    expect(plumpton.runners.filter((r) => r.bsp === 1000).map((r) => [r.horseName, r.finish])).toEqual([
      ['Bean Norty', 'ran'],
      ['One Man Party', 'ran'],
      ['Often Overlooked', 'ran'],
    ]);
    expect(plumpton.runners.some((r) => r.finish === 'nr')).toBe(false);
    // Four runners: no places paid, so the win file alone settles 15:45 Ayr.
    expect(ayr).toMatchObject({ time: '15:45', course: 'Ayr', settles: true });
    expect(ayr.runners.map((r) => [r.horseName, r.finish])).toEqual([
      ['Escapeandevade', 'won'],
      ['Operation Overlord', 'ran'],
      ['Travail DOrfevre', 'ran'],
      ['Fix At All', 'ran'],
    ]);
    expect(prices.find((p) => p.horseName === 'Escapeandevade')).toMatchObject({
      price: 2.277386495,
      priceText: '2.28',
      observedAt: new Date('2023-01-02T15:45:00Z'),
    });
    expect(notes).toEqual([
      '13:00 Plumpton: no place market (no place file), so only its winner and BSPs are known; it is not settled from BSP.',
    ]);
  });

  it('reads a live place file: its own event ids and "To Be Placed", matched to the win market by day, time and course', () => {
    const place = parseBspFile(real('dwbfpricesukplace03012023-excerpt.csv'));
    expect(place.problems).toEqual([]);
    expect(place.rows.map((r) => [r.eventId, r.raceName, r.time, r.course, r.horseName, r.winLose])).toEqual([
      ['208150406', 'To Be Placed', '13:00', 'Plumpton', 'Hansard', true],
      ['208150406', 'To Be Placed', '13:00', 'Plumpton', 'Bean Norty', false],
      ['208150406', 'To Be Placed', '13:00', 'Plumpton', 'Master Chewy', true],
      ['208150406', 'To Be Placed', '13:00', 'Plumpton', 'Insolente Nelsa', false],
      ['208150406', 'To Be Placed', '13:00', 'Plumpton', 'Forget The Way', false],
    ]);
    const win = parseBspFile(real('dwbfpricesukwin03012023-excerpt.csv')).rows;
    const [plumpton] = bspBatch(win, place.rows).results;
    expect(plumpton.runners.filter((r) => r.finish === 'placed').map((r) => r.horseName)).toEqual(['Master Chewy']);
    expect(bspBatch(win, place.rows).prices.find((p) => p.horseName === 'Hansard')?.price).toBe(4.7); // the win BSP
  });

  it('reads the oldest layout: padded fields, a dashed line under the header, WIN_LOSE as 1.000000', () => {
    const { rows, problems } = parseBspFile(real('bfprices_01062008-excerpt.csv'));
    expect(problems).toEqual([]);
    expect(rows).toHaveLength(11);
    expect(rows[0]).toMatchObject({
      line: 4,
      course: 'York',
      date: '2008-05-31',
      time: '14:20',
      horseName: 'Court Of Appeal',
      bsp: 11,
    });
    expect(rows.filter((r) => r.winLose).map((r) => [r.horseName, r.bsp])).toEqual([['Chocolate Caramel', 8.1310171]]);
    expect(rows.filter((r) => r.bsp === 1000).map((r) => r.horseName)).toEqual(['Water Pistol', 'Peak Seasons']);
  });
});
