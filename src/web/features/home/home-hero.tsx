import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { PRICE_MONTHLY_GBP } from '#shared/public-config';
import { ButtonLink } from '#web/components/ui/button';
import { useConfig } from '#web/lib/config';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '#web/lib/request';
import { useAuth } from '../auth/api';
import { RecordClaim } from '../performance/record-claim';

/** What the signed-in member pays a month (null: a granted membership, or not known). */
function useOwnPrice(enabled: boolean) {
  return useQuery({
    queryKey: ['billing', 'my-price'],
    enabled,
    queryFn: async () =>
      (await getJson<{ monthlyPricePence: number | null }>('/api/my-subscription-price'))?.monthlyPricePence ?? null,
  });
}

const pounds = (pence: number) => `£${pence % 100 === 0 ? pence / 100 : (pence / 100).toFixed(2)}`;

export function HomeHero() {
  const { user, hasMemberAccess } = useAuth();
  const { analystName } = useConfig();
  // A member is quoted what they pay (a discount code's £12, say), never the list price.
  const ownPrice = useOwnPrice(hasMemberAccess);
  const price = !hasMemberAccess
    ? `all for £${PRICE_MONTHLY_GBP} a month`
    : typeof ownPrice.data === 'number'
      ? `all for your ${pounds(ownPrice.data)} a month`
      : 'all in your membership';
  return (
    <section className="bg-gradient-to-b from-navy-900 to-navy-800 text-white" aria-labelledby="hero-title">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:py-20">
        <p className="text-sm font-semibold uppercase tracking-widest text-gold-300">UK horse racing value betting</p>
        <h1 id="hero-title" className="mt-3 max-w-3xl text-4xl font-extrabold leading-tight tracking-tight sm:text-5xl">
          Find the value. Back it with confidence.
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-navy-100">
          Daily tips, race cards with our proprietary VB ratings and the tissue-odds value generator, from {analystName}{' '}
          and Team VBG — <span data-testid="hero-price">{price}</span>.
        </p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          {hasMemberAccess ? (
            <>
              <ButtonLink to="/tips" variant="gold" size="lg">
                Today’s tips
                <ArrowRight className="h-5 w-5" aria-hidden="true" />
              </ButtonLink>
              <ButtonLink to="/vbg-race-cards" variant="inverse" size="lg">
                Open the race cards
              </ButtonLink>
            </>
          ) : (
            <>
              <ButtonLink to="/subscribe" variant="gold" size="lg">
                Subscribe £{PRICE_MONTHLY_GBP}/month
                <ArrowRight className="h-5 w-5" aria-hidden="true" />
              </ButtonLink>
              <ButtonLink to="/free-race" variant="inverse" size="lg">
                Try today’s free race
              </ButtonLink>
            </>
          )}
        </div>
        {!user && <p className="mt-4 text-sm text-navy-200">Cancel anytime • 7-day money-back guarantee</p>}
        <p className="mt-4 text-sm">
          {/* The record is public (decision 0006): anyone can check every settled tip before paying. */}
          <Link
            to="/results"
            className="inline-flex min-h-11 items-center font-semibold text-gold-300 underline underline-offset-4 hover:text-white"
          >
            See every settled tip: our proofed results
          </Link>
        </p>
        <RecordClaim className="mt-2 max-w-2xl text-sm text-navy-100" />
      </div>
    </section>
  );
}
