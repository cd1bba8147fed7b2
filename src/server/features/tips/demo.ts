import { londonDate } from '#shared/london-time';
import type { AppContext } from '#server/context';
import { cardsOfDay } from '#server/db/day-cards';
import { importBackCatalogue } from '../back-catalogue/import-back-catalogue';
import { publishTips, type PublishTipsInput } from './publish-tips';

const DAY_MS = 86_400_000;

const days: PublishTipsInput[] = [
  {
    bannerDate: '',
    nap: 'Northern Star – 2:10 Ascot (advised 7/1)',
    nb: 'Harbour Light – 3:15 Haydock (advised 9/2)',
    longshot: 'Long Road – 4:00 Ascot (advised 20/1)',
    multiple1: 'Lucky 15: Northern Star, Harbour Light, Copper Coast, Silent Witness',
    multiple2: 'Trixie: Northern Star, Harbour Light, Long Road',
    multiple3: '',
    multiple4: '',
    confirmUnproofedLegs: true, // published before the demo's cards exist: the legs are on none
    dailyPreview:
      '<h2>Ascot and Haydock preview</h2><p>Good to soft ground at both tracks favours the prominent racers. <strong>Northern Star</strong> has the best of the weights and was given too much to do last time.</p><ul><li>Harbour Light: well treated on her best form</li><li>Long Road: needs rain but the yard is in form</li></ul>',
  },
  {
    bannerDate: '',
    nap: 'Copper Coast – 1:50 Kempton (advised 5/1)',
    nb: 'Silent Witness – 2:45 Kempton (advised 6/1)',
    longshot: 'Quiet Harbour – 3:55 Wolverhampton (advised 16/1)',
    multiple1: 'Lucky 15: Copper Coast, Silent Witness, Quiet Harbour, Bright Spark',
    multiple2: '',
    multiple3: '',
    multiple4: '',
    confirmUnproofedLegs: true, // published before the demo's cards exist: the legs are on none
    dailyPreview:
      'An all-weather card with two competitive handicaps.\n\nCopper Coast was unlucky in running last time and is weighted to go close.\n\nSilent Witness returns to her favourite trip.',
  },
  {
    bannerDate: '',
    nap: 'Morning Mist – 1:30 Sandown (advised 4/1)',
    nb: 'River Dance – 2:40 Sandown (advised 11/2)',
    longshot: 'Tall Order – 3:50 Sandown (advised 25/1)',
    multiple1: 'Lucky 15: Morning Mist, River Dance, Tall Order, Green Light',
    multiple2: 'Yankee: Morning Mist, River Dance, Green Light, Blue Moon',
    multiple3: '',
    multiple4: '',
    confirmUnproofedLegs: true, // published before the demo's cards exist: the legs are on none
    dailyPreview: '<p>Sandown’s stiff finish suits proven stayers. <em>Morning Mist</em> has won on both visits.</p>',
  },
];

/** Today's tips plus a few past days already in the back catalogue, made with the real use cases. */
export async function seedDemoTips(ctx: AppContext) {
  const now = ctx.clock.now().getTime();
  const at = (daysAgo: number): AppContext => ({ ...ctx, clock: { now: () => new Date(now - daysAgo * DAY_MS) } });
  for (let i = days.length - 1; i >= 1; i--) await publishTips(at(i), days[i]);
  await importBackCatalogue(ctx);
  await publishTips(ctx, days[0]);
}

/**
 * Today's tips published again once the demo's cards and prices exist (a step after the prices),
 * the multiples made of each of the first four races' top-rated runner: their legs are found on
 * the cards, so the demo's record shows legs with their race, price and receipt.
 */
export async function seedDemoTipsOnTheCards(ctx: AppContext) {
  const cards = await cardsOfDay(ctx.db, londonDate(ctx.clock.now()));
  const picks = cards
    .filter((race) => race.runners.length > 0)
    .slice(0, 4)
    .map((race) => race.runners.reduce((a, b) => ((b.vbRating ?? 0) > (a.vbRating ?? 0) ? b : a)).name);
  if (picks.length < 4) return;
  await publishTips(ctx, {
    ...days[0],
    multiple1: `Lucky 15: ${picks.join(', ')}`,
    multiple2: `Trixie: ${picks.slice(0, 3).join(', ')}`,
  });
}
