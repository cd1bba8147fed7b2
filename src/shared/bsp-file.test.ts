import { describe, expect, it } from 'vitest';
import { bspBatch, bspFileName, bspMarketOfName, courseOfMenuHint, parseBspFile } from './bsp-file';

const HEADER =
  'EVENT_ID,MENU_HINT,EVENT_NAME,EVENT_DT,SELECTION_ID,SELECTION_NAME,WIN_LOSE,BSP,PPWAP,MORNINGWAP,PPMAX,PPMIN,IPMAX,IPMIN,MORNINGTRADEDVOL,PPTRADEDVOL,IPTRADEDVOL';

/** A UK win file as Betfair publishes it: two races at Ascot (GMT day) and one at Kempton, named short. */
const WIN = [
  HEADER,
  '234567801,UK / Ascot 25th Nov,2m3f Hcap Chs,25-11-2026 14:10,40123451,Northern Star,1,6.4,6.12,7.2,7.8,5.5,6.6,1.01,1520.34,41235.9,23011.2',
  '234567801,UK / Ascot 25th Nov,2m3f Hcap Chs,25-11-2026 14:10,40123452,Harbour Light (IRE),0,8.21,8.5,9.4,10.5,7.8,1000,3.1,890.1,20011.5,9340.22',
  '234567801,UK / Ascot 25th Nov,2m3f Hcap Chs,25-11-2026 14:10,40123453,Silver Comet,0,3.95,4.1,3.7,4.3,3.6,4.6,1.5,2210.8,60230.4,30111.9',
  '234567801,UK / Ascot 25th Nov,2m3f Hcap Chs,25-11-2026 14:10,40123454,Velvet Arrow,0,21,19.5,17,23,16.5,1000,10,120.5,5102.3,2210.1',
  '234567801,UK / Ascot 25th Nov,2m3f Hcap Chs,25-11-2026 14:10,40123455,Copper Quest,0,11.5,12,13,14,11,1000,6.2,300.2,8120.4,4012.7',
  '234567802,UK / Ascot 25th Nov,1m Mdn Stks,25-11-2026 14:45,40123461,Misty Dancer,0,2.3,2.4,2.5,2.6,2.2,2.5,1.3,3000,70000,40000',
  '234567802,UK / Ascot 25th Nov,1m Mdn Stks,25-11-2026 14:45,40123462,"Bold Echo, The Second",1,3.1,3.2,3.5,3.6,3,3.2,1.01,2000,50000,30000',
  '234567803,UK / Kemp (AW) 25th Nov,6f Hcap,25-11-2026 19:30,40123471,Wild Thunder,0,,,,,,,,0,0,0',
].join('\r\n');

const PLACE = [
  HEADER,
  '234567811,UK / Ascot 25th Nov,2m3f Hcap Chs,25-11-2026 14:10,40123451,Northern Star,1,2.1,2.2,2.3,2.5,2,2.2,1.01,300,8000,5000',
  '234567811,UK / Ascot 25th Nov,2m3f Hcap Chs,25-11-2026 14:10,40123452,Harbour Light (IRE),1,2.8,2.9,3,3.2,2.7,100,1.2,200,6000,3000',
  '234567811,UK / Ascot 25th Nov,2m3f Hcap Chs,25-11-2026 14:10,40123453,Silver Comet,0,1.6,1.7,1.6,1.8,1.5,1.9,1.3,500,9000,6000',
  '234567811,UK / Ascot 25th Nov,2m3f Hcap Chs,25-11-2026 14:10,40123454,Velvet Arrow,0,5.2,5,4.8,6,4.5,100,3,50,900,500',
  '234567811,UK / Ascot 25th Nov,2m3f Hcap Chs,25-11-2026 14:10,40123455,Copper Quest,0,3.3,3.4,3.6,3.8,3.1,100,2,80,1200,700',
].join('\n');

describe('Betfair BSP file names', () => {
  it('name a country, market and London day as Betfair does', () => {
    expect(bspFileName('uk', 'win', '2026-11-25')).toBe('dwbfpricesukwin25112026.csv');
    expect(bspFileName('ire', 'place', '2026-07-04')).toBe('dwbfpricesireplace04072026.csv');
    expect(bspMarketOfName('dwbfpricesukplace25112026.csv')).toBe('place');
    expect(bspMarketOfName('Downloads/DWBFPRICESIREWIN25112026 (1).csv')).toBe('win');
    expect(bspMarketOfName('prices.csv')).toBeNull();
  });
  it('read the course from the menu hint, without its country, date or surface', () => {
    expect(courseOfMenuHint('UK / Ascot 25th Nov')).toBe('Ascot');
    expect(courseOfMenuHint('IRE / Leopardstown 1st Dec')).toBe('Leopardstown');
    expect(courseOfMenuHint('Kemp (AW) 5th Oct')).toBe('Kemp');
    expect(courseOfMenuHint('Newmarket 22nd September')).toBe('Newmarket');
  });
});

describe('parseBspFile', () => {
  it('reads every runner: course, London day and time, name, winner flag and BSP', () => {
    const { rows, problems } = parseBspFile(`\uFEFF${WIN}\r\n`);
    expect(problems).toEqual([]);
    expect(rows).toHaveLength(8);
    expect(rows[0]).toEqual({
      line: 2,
      eventId: '234567801',
      course: 'Ascot',
      raceName: '2m3f Hcap Chs',
      date: '2026-11-25',
      time: '14:10',
      horseName: 'Northern Star',
      winLose: true,
      bsp: 6.4,
    });
    expect(rows[6]).toMatchObject({ horseName: 'Bold Echo, The Second', winLose: true, bsp: 3.1 });
    expect(rows[7]).toMatchObject({ course: 'Kemp', time: '19:30', bsp: null }); // no BSP: a non-runner
  });
  it('accepts the columns in another order and case, and a numbered runner', () => {
    const text =
      'bsp,win_lose,selection_name,selection_id,event_dt,event_name,menu_hint,event_id\n5.5,0,3. Royal Charm,1,25-11-2026 13:05,5f Nov Stks,UK / Ayr 25th Nov,9';
    expect(parseBspFile(text).rows[0]).toMatchObject({
      course: 'Ayr',
      time: '13:05',
      horseName: 'Royal Charm',
      bsp: 5.5,
      winLose: false,
    });
  });
  it('refuses a file without the header, naming the missing columns', () => {
    const { rows, problems } = parseBspFile('Date,Horse,Price\n25-11-2026,Northern Star,6.4');
    expect(rows).toEqual([]);
    expect(problems[0]).toMatch(
      /^This is not a Betfair BSP file: its first line must name the columns EVENT_ID, .*\(missing: EVENT_ID, MENU_HINT, EVENT_NAME, EVENT_DT, SELECTION_ID, SELECTION_NAME, WIN_LOSE, BSP\)/,
    );
    expect(parseBspFile('').problems[0]).toMatch(/not a Betfair BSP file/);
    expect(parseBspFile('%PDF-1.7 binary').problems[0]).toMatch(/not a Betfair BSP file/);
  });
  it('refuses the whole file for one bad row, naming each line (at most five)', () => {
    const bad = WIN.split('\r\n');
    bad[2] = bad[2].replace('25-11-2026 14:10', '2026/11/25 2pm');
    bad[3] = bad[3].replace(',0,3.95,', ',yes,3.95,');
    bad[4] = bad[4].replace(',21,', ',twenty,');
    bad[5] = bad[5].split(',').slice(0, 9).join(',');
    bad[6] = bad[6].replace('Misty Dancer', '');
    bad[7] = bad[7].replace('"Bold Echo, The Second"', '"Bold Echo');
    const { rows, problems } = parseBspFile(bad.join('\n'));
    expect(rows).toEqual([]);
    expect(problems).toEqual([
      'Line 3: EVENT_DT "2026/11/25 2pm" is not a date and time like 25-11-2026 14:10.',
      'Line 4: WIN_LOSE "yes" must be 1 or 0.',
      'Line 5: BSP "twenty" is not a price (a decimal price above 1, or empty for a non-runner).',
      'Line 6: 9 fields where the header has 17.',
      'Line 7: SELECTION_NAME is empty.',
      '… and 1 more.',
    ]);
  });
  it('refuses a file cut off in a row, an impossible date, and a header alone', () => {
    expect(parseBspFile(WIN.slice(0, WIN.length - 12)).problems).toEqual(['Line 9: 8 fields where the header has 17.']);
    expect(parseBspFile(WIN.replace('25-11-2026 19:30', '31-11-2026 19:30')).problems[0]).toMatch(
      /^Line 9: EVENT_DT "31-11-2026 19:30"/,
    );
    expect(parseBspFile(HEADER).problems).toEqual(['The file has no runners.']);
  });
});

describe('parseBspFile: the edges of a row', () => {
  const row = (dt: string, bsp: string, winLose = '0') =>
    `${HEADER}\n1,UK / Ayr 25th Nov,5f Hcap,${dt},2,Royal Charm,${winLose},${bsp},,,,,,,0,0,0`;
  const problem = (text: string) => parseBspFile(text).problems[0] ?? null;

  it('takes a time from 00:00 to 23:59 and refuses hour 24 and minute 60', () => {
    expect(parseBspFile(row('25-11-2026 00:00', '5')).rows[0]).toMatchObject({ date: '2026-11-25', time: '00:00' });
    expect(parseBspFile(row('25-11-2026 23:59', '5')).rows[0]).toMatchObject({ time: '23:59' });
    expect(problem(row('25-11-2026 24:00', '5'))).toBe(
      'Line 2: EVENT_DT "25-11-2026 24:00" is not a date and time like 25-11-2026 14:10.',
    );
    expect(problem(row('25-11-2026 12:60', '5'))).toBe(
      'Line 2: EVENT_DT "25-11-2026 12:60" is not a date and time like 25-11-2026 14:10.',
    );
  });
  it('takes a BSP above 1, 1000 included, and refuses 1 or less: a decimal price is more than the stake back', () => {
    expect(parseBspFile(row('25-11-2026 14:10', '1.01')).rows[0].bsp).toBe(1.01);
    expect(parseBspFile(row('25-11-2026 14:10', '1000')).rows[0].bsp).toBe(1000);
    for (const bsp of ['1', '1.0', '0.5', '0'])
      expect(problem(row('25-11-2026 14:10', bsp))).toBe(
        `Line 2: BSP "${bsp}" is not a price (a decimal price above 1, or empty for a non-runner).`,
      );
  });
  it('reads an empty BSP as a runner without a price (a non-runner)', () => {
    expect(parseBspFile(row('25-11-2026 14:10', '')).rows[0]).toMatchObject({ bsp: null, winLose: false });
  });
});

describe('bspBatch', () => {
  const win = parseBspFile(WIN).rows;
  const place = parseBspFile(PLACE).rows;

  it('gives each runner its win BSP as a price observed at the off (London time)', () => {
    const { prices } = bspBatch(win, place);
    expect(prices).toHaveLength(7); // the untraded runner has none
    expect(prices[0]).toEqual({
      date: '2026-11-25',
      time: '14:10',
      course: 'Ascot',
      horseName: 'Northern Star',
      price: 6.4,
      priceText: '6.4',
      observedAt: new Date('2026-11-25T14:10:00Z'),
    });
    expect(prices.map((p) => p.price)).not.toContain(2.1); // the place market's BSP is not the runner's BSP
  });
  it('settles a race from the win and place markets: the winner, the placed without an order, the rest unplaced', () => {
    const { results, notes } = bspBatch(win, place);
    const [chase] = results;
    expect(chase).toMatchObject({ date: '2026-11-25', time: '14:10', course: 'Ascot', settles: true });
    expect(chase.runners.map((r) => [r.horseName, r.finish, r.position, r.bsp])).toEqual([
      ['Northern Star', 'won', 1, 6.4],
      ['Harbour Light (IRE)', 'placed', null, 8.21],
      ['Silver Comet', 'ran', null, 3.95],
      ['Velvet Arrow', 'ran', null, 21],
      ['Copper Quest', 'ran', null, 11.5],
    ]);
    // Two runners: no places are paid, so the win market alone settles it.
    expect(results[1]).toMatchObject({ settles: true });
    expect(results[1].runners.map((r) => r.finish)).toEqual(['ran', 'won']);
    expect(results[2]).toMatchObject({ course: 'Kemp', settles: false });
    expect(notes).toEqual(['19:30 Kemp: the win file has no winner, so it is not settled from BSP.']);
  });
  it('without the place file, settles only the races that pay no places', () => {
    const { results, notes } = bspBatch(win, null);
    expect(results.map((r) => r.settles)).toEqual([false, true, false]);
    expect(results[0].runners[0]).toMatchObject({ finish: 'won', bsp: 6.4 });
    expect(notes[0]).toBe(
      '14:10 Ascot: no place market (no place file), so only its winner and BSPs are known; it is not settled from BSP.',
    );
  });
  it('settles a runner with an empty BSP as a non-runner, never as a loser, and counts only the runners that ran', () => {
    // Five declared, one without a BSP: four ran, so no places are paid and the win file settles it.
    const lines = WIN.split('\r\n').slice(0, 6);
    lines[4] = lines[4].replace(',21,19.5,17,23,16.5,1000,10,120.5,5102.3,2210.1', ',,,,,,,,0,0,0');
    const { results, prices } = bspBatch(parseBspFile(lines.join('\n')).rows, null);
    expect(results[0].settles).toBe(true);
    expect(results[0].runners.map((r) => [r.horseName, r.finish, r.bsp])).toEqual([
      ['Northern Star', 'won', 6.4],
      ['Harbour Light (IRE)', 'ran', 8.21],
      ['Silver Comet', 'ran', 3.95],
      ['Velvet Arrow', 'nr', null],
      ['Copper Quest', 'ran', 11.5],
    ]);
    expect(prices.map((p) => p.horseName)).not.toContain('Velvet Arrow');
  });
  it('keeps a BSP of exactly 1000 as the price of a runner that ran', () => {
    const lines = WIN.split('\r\n').slice(0, 6);
    lines[4] = lines[4].replace(',0,21,', ',0,1000,');
    const { results, prices } = bspBatch(parseBspFile(lines.join('\n')).rows, null);
    expect(results[0].runners[3]).toMatchObject({ horseName: 'Velvet Arrow', finish: 'ran', bsp: 1000 });
    expect(prices.find((p) => p.horseName === 'Velvet Arrow')).toMatchObject({ price: 1000, priceText: '1000' });
  });
  it('does not settle a race whose winner the place market did not place', () => {
    const odd = parseBspFile(PLACE.replace(/Northern Star,1,/, 'Northern Star,0,')).rows;
    const { results, notes } = bspBatch(win, odd);
    expect(results[0].settles).toBe(false);
    expect(notes[0]).toMatch(/the winner is not among the place file's placed horses/);
  });
});
