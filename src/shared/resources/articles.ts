import type { BlogArticle } from './types';

/**
 * The three built-in blog articles. Bodies use the
 * line format of blocks.ts: "## " and "### " headings, a bold-only line as a sub-heading, "- "
 * list items, anything else a paragraph.
 */
export const BLOG_ARTICLES: readonly BlogArticle[] = [
  {
    id: 1,
    slug: 'first-month-review',
    title: 'First Month Review: Value, Prices and Patience',
    category: 'strategy',
    excerpt:
      'An honest look back at the first month: what a month can and cannot show, why value matters more than winners, and how to get the best price from bookmakers and exchanges.',
    createdAt: '2025-02-03',
    content: `## What a month can show
The first month is never long enough to prove anything, but it is long enough to check that the method behaves the way it should. The figures are in the proofed results, where every selection is listed with its advised price and its result. We state a profit, a return on investment or a strike rate only once the record holds enough proofed tips to mean something, and always with its period, its bank and the prices it was settled at.
The price matters more than the strike rate. A service can find plenty of winners and still lose money if it backs them at the wrong price. We set out to do the opposite: to back horses whose chance is bigger than the odds suggest, and to let the maths do the work over hundreds of bets.

## Why value beats winners
**A winner at a bad price is a losing bet in disguise**
Every price is an opinion about a horse's chance. If a horse wins three times in ten but is offered at 4/1, backing it every time makes money in the long run, even though it loses seven times out of ten. If the same horse is offered at 2/1, backing it every time loses money, even though it is the same horse with the same chance.
That is all value is: a price bigger than the true chance. The VB ratings and the tissue odds exist to estimate that true chance so that the comparison can be made before the race, not after it.

### What the first month taught us
- Value was found most often at 5/1 and bigger, where the market is least efficient.
- Short-priced favourites were rarely value and were mostly left alone.
- Losing runs of eight or ten selections happened, and will happen again. They are normal for prices of this size.
- The early price is worth taking when it beats our tissue odds; the starting price may not.

## Bookmakers
Bookmakers build a margin into every race. Add up the implied chances of every runner and the total is always more than 100%; this over-round is usually between 110% and 125% for a typical British handicap, and higher in big fields and on the day's feature races. The larger the over-round, the harder it is to find value, which is why we compare prices across firms and only advise a bet when the best available price still beats our tissue.
**Getting on**
Bookmakers are quick to restrict accounts that consistently beat the starting price. Spread your bets across several firms, avoid staking odd amounts to the penny, and do not rely on a single account.

## Exchanges
Betting exchanges let you back and lay against other punters instead of a bookmaker. There is no over-round built in; instead the exchange takes a commission on net winnings, typically around 2% on the cheaper exchanges. On bigger-priced horses the exchange price after commission is often better than the best bookmaker price, particularly close to the off.
- Compare the exchange price after commission with the best bookmaker price before every bet.
- Liquidity can be thin early in the morning; check how much money is available at your price.
- Exchanges never restrict winning accounts, which makes them a long-term home for value bets.

## Looking ahead
A month is a small sample and we will keep publishing every selection, winners and losers, so that members can judge the method on the full record. The aim stays the same: back value, keep stakes level, and let the numbers come through over time.`,
  },
  {
    id: 2,
    slug: 'vb-ratings-guide',
    title: 'How to Read the VB Ratings',
    category: 'methodology',
    excerpt:
      'What the VB rating on every race card means, how it is built, and how to use the 80+, 70-79 and below-70 bands when you are deciding whether to bet.',
    createdAt: '2025-01-20',
    content: `## What the VB rating is
Every horse on a VBG race card carries a VB rating. It is our estimate of how good a bet the horse is at the current price, built from over 50 variables: recent form, ground and distance preferences, the trainer's current form, the jockey booking, the draw, the weight carried and the way the race is likely to be run.
The rating is not a prediction of the winner. A horse can have the highest rating in the race and still be a poor bet if it is too short in the market, and a horse in the middle of the ratings can be the best bet of the day at a big price.

## The three bands
**80 and above: strong value**
Horses rated 80 or more are the ones our model believes are clearly under-priced. These are the horses that most often appear in the daily tips, and they are where we expect the long-term value to be.
**70 to 79: moderate value**
A rating between 70 and 79 marks a horse with some value at the current price. These horses are worth a closer look, particularly when the race verdict agrees with the numbers, and are often the second selection in a multiple.
**Below 70: about right or overvalued**
Horses rated below 70 are priced about right, or are shorter than their chance deserves. Some of them will win, because good horses are often short prices, but backing them at these odds is a losing proposition over time.

## Using the ratings with the race card
- Start with the horses rated 80 or more, then read the race verdict for the reasons behind the rating.
- Check the current price: the rating is calculated at the morning odds, and a horse that shortens a long way can lose its value.
- Use the VB Generator to recalculate tissue odds and value scores when the market moves.
- Treat non-runners with care: a withdrawal changes every other horse's chance, so recalculate before betting.

### Colours on the race cards
The rating badge on each horse is coloured to help you scan a card quickly: green for 70 or more, yellow for 60 or more and grey below that. The colours are a guide to the card; the bands above are the guide to betting.`,
  },
  {
    id: 3,
    slug: 'betting-strategy',
    title: 'A Simple Betting Strategy for Value Punters',
    category: 'strategy',
    excerpt:
      'How to size a betting bank, why win singles are the backbone of the approach, and when a Lucky 15 on the feature races makes sense.',
    createdAt: '2025-01-13',
    content: `## Start with a betting bank
Value betting works over hundreds of bets, not over one afternoon, so the first step is to separate your betting money from everything else. Decide on a betting bank you can afford to lose and divide it into points. We recommend a bank of 200 to 300 points: enough to ride out the losing runs that every value-based approach goes through, without the stakes becoming meaningless.
**Keep stakes level**
Stake the same number of points on every single, whatever the price. Chasing losses with bigger stakes, or cutting stakes after a bad week, turns a sound method into guesswork. Review the size of a point every few months, not every few days.

## Win singles are the backbone
The core of the approach is win singles on the daily selections: the NAP, the NB and the longshot. Win singles are simple to record, easy to judge, and they keep the full benefit of every price you take. Each-way betting has its place in big-field handicaps, but the place part of an each-way bet is often poor value and should not be automatic.
- One point win on each headline selection, at the best price you can find.
- Take early prices when they beat our tissue odds; do not wait for the off.
- Record every bet, including the price you actually took.

## Lucky 15s for the feature races
### When multiples make sense
On the days with feature races we often find several horses at bigger prices across different races. That is when a Lucky 15 can be worth having: four selections, fifteen bets (four singles, six doubles, four trebles and a four-fold). The singles keep you in the game if only one horse wins, and the multiples give a large return when two or more of them oblige.
- Keep Lucky 15 stakes small, a fraction of a point per line, because the total stake is fifteen times the unit.
- Use them for the feature races, not every day.
- Never let multiples replace the win singles; they sit on top of them.

## Discipline is the edge
The method finds value; discipline turns value into profit. Keep the bank separate, stake level, bet singles first and multiples sparingly, and judge the results over months rather than days.`,
  },
];

export function findBlogArticle(slug: string): BlogArticle | undefined {
  return BLOG_ARTICLES.find((a) => a.slug === slug);
}
