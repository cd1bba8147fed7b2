import { addDays, londonDate } from '#shared/london-time';
import type { AppContext } from '#server/context';
import { createArticle } from './create-article';

/** A few articles for a newcomer's database: news and views, regular and premium, two top-5s. */
export async function seedDemoArticles(ctx: AppContext) {
  const today = londonDate(ctx.clock.now());
  const day = (n: number) => addDays(today, -n);
  const items: Parameters<typeof createArticle>[1][] = [
    {
      title: 'Cheltenham Trials Day: What We Learned',
      summary: '<p>Three performances from trials day that will shape the <strong>Festival</strong> markets.</p>',
      content:
        '<h2>The headline act</h2><p>The novice hurdle winner travelled like the best horse in the race and quickened clear on ground that was softer than ideal.</p><h3>Ones to note</h3><ul><li>A staying chaser who jumped better than ever</li><li>A mare who shaped well over an inadequate trip</li></ul><p>All three go into our notebook for March.</p>',
      category: 'news',
      contentType: 'regular',
      publishDate: day(3),
    },
    {
      title: 'Going Reports and Why They Matter',
      summary: '<p>Official going descriptions can mislead. Here is how we read them.</p>',
      content:
        '<p>The official going is measured in the morning and often changes by the first race. We combine the GoingStick reading, the weather forecast and the times of the early races before trusting a description.</p><blockquote>Ground is the single biggest variable most punters ignore.</blockquote>',
      category: 'news',
      contentType: 'regular',
      publishDate: day(6),
    },
    {
      title: 'Top 5 Selections: The Weekend Ahead',
      summary: '<p>Our five strongest value bets for the weekend, with prices and reasoning.</p>',
      content:
        "<h2>This weekend's five</h2><ol><li>Northern Star, 2.10 Ascot, advised 7/1</li><li>Harbour Light, 3.15 Haydock, advised 9/2</li><li>Copper Coast, 1.50 Ascot, advised 12/1</li><li>Silent Witness, 2.45 Haydock, advised 6/1</li><li>Long Road, 4.00 Ascot, advised 16/1</li></ol><p>Win singles on all five; a small Lucky 15 on the top four.</p>",
      category: 'news',
      contentType: 'premium',
      publishDate: today,
      isTop5Article: true,
    },
    {
      title: 'Top 5 Selections: Last Week',
      summary: "<p>Last week's five value selections.</p>",
      content:
        '<p>How last week’s five ran, race by race. Every settled tip, with its advised price, is in the proofed results.</p>',
      category: 'news',
      contentType: 'premium',
      publishDate: day(7),
      isTop5Article: true,
    },
    {
      title: 'Why Level Stakes Win in the Long Run',
      summary: '<p>Staking plans promise a lot. <em>Level stakes</em> deliver.</p>',
      content:
        '<p>Progressive staking plans feel clever during a winning run and ruin banks during a losing one. Level stakes let the value in the prices do the work, and make the record easy to judge.</p>',
      category: 'views',
      contentType: 'regular',
      publishDate: day(2),
    },
    {
      title: 'Inside the Tissue: How We Price a Race',
      summary: '<p>A members-only walk through pricing a handicap from our ratings.</p>',
      content:
        "<h2>From ratings to prices</h2><p>We start from the VB ratings, widen or narrow the spread according to how competitive the race looks, and turn each horse's share into a tissue price.</p><p>Only when the best price on offer beats our tissue by a clear margin do we advise a bet.</p>",
      category: 'views',
      contentType: 'premium',
      publishDate: day(4),
    },
  ];
  for (const item of items) await createArticle(ctx, item);
}
