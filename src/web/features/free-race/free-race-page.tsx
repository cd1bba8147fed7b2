import { useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Crown, Gift } from 'lucide-react';
import type { RaceCard as RaceCardData } from '#shared/schemas/race-cards';
import { PRICE_MONTHLY_GBP } from '#shared/public-config';
import { PageHeader } from '#web/components/page-header';
import { Button, ButtonLink } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '#web/components/ui/card';
import { Skeleton } from '#web/components/ui/skeleton';
import { ApiError, getJson } from '#web/lib/request';
import { RaceCard } from '../race-cards/race-card';

/** The answer of GET /api/free-race-preview: whether a free race is offered today, and that race. */
export interface FreeRacePreview {
  available: boolean;
  race_time?: string | null;
  venue?: string | null;
  weekday?: string | null;
  raceData?: RaceCardData | null;
  message?: string | null;
}

const NO_FREE_RACE = 'No free race available';

function useFreeRacePreview() {
  return useQuery({
    queryKey: ['free-race-preview'],
    queryFn: async (): Promise<FreeRacePreview> => {
      try {
        return (await getJson<FreeRacePreview>('/api/free-race-preview')) ?? { available: false };
      } catch (err) {
        // Not there yet (or gone): the page reads as "nothing nominated" rather than broken.
        if (err instanceof ApiError && err.status === 404) return { available: false };
        throw err;
      }
    },
  });
}

/** What members get: the way from the free race to the full guide. */
function FullGuideCard() {
  return (
    <Card tone="members">
      <CardHeader>
        <Crown aria-hidden="true" className="h-8 w-8 text-gold-700" />
        <CardTitle>Full Daily Guide</CardTitle>
        <CardDescription>Every race card with VB ratings, the daily tips and the value generator.</CardDescription>
      </CardHeader>
      <CardFooter>
        <ButtonLink to="/subscribe" variant="gold">
          Subscribe £{PRICE_MONTHLY_GBP}/month
        </ButtonLink>
      </CardFooter>
    </Card>
  );
}

/** The one free race of the day, with the way to the full guide. */
export function FreeRacePage() {
  const { data, isPending, isError } = useFreeRacePreview();
  const cardRef = useRef<HTMLDivElement>(null);
  const race = data?.available && data.raceData ? data.raceData : null;
  const summary = race
    ? `${race.time} ${race.course}`
    : data?.race_time && data.venue
      ? `${data.race_time} ${data.venue}`
      : null;

  return (
    <>
      <PageHeader
        title="Free Race Preview"
        subtitle="One race a day with full VB ratings and analysis, free for everyone."
      />
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-8 px-4 py-8">
        <div className="grid gap-4 md:grid-cols-2">
          <Card>
            <CardHeader>
              <Gift aria-hidden="true" className="h-8 w-8 text-gold-700" />
              <CardTitle>Today&apos;s Free Race</CardTitle>
              <CardDescription>
                {isPending ? (
                  <Skeleton className="h-5 w-40" />
                ) : race ? (
                  summary
                ) : (
                  'Check back soon for today’s free race.'
                )}
              </CardDescription>
            </CardHeader>
            <CardFooter>
              {race ? (
                <Button onClick={() => cardRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })}>
                  View Free Race Card
                </Button>
              ) : (
                <Button disabled>{isPending ? 'View Free Race Card' : 'Coming Soon'}</Button>
              )}
            </CardFooter>
          </Card>
          <FullGuideCard />
        </div>
        <div ref={cardRef} className="scroll-mt-4">
          {isPending ? (
            <Skeleton className="h-96 w-full" />
          ) : race ? (
            <div className="grid grid-cols-1 gap-4">
              <RaceCard race={race} />
              <Card tone="gold">
                <CardContent className="flex flex-col items-start gap-3 pt-5 sm:flex-row sm:items-center sm:justify-between sm:pt-6">
                  <p className="font-semibold text-navy-900">
                    Want every race like this? Members get the full daily race cards.
                  </p>
                  <ButtonLink to="/subscribe" variant="primary">
                    Subscribe Now
                  </ButtonLink>
                </CardContent>
              </Card>
            </div>
          ) : (
            <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700">
              {(!isError && data?.message) || NO_FREE_RACE}
            </p>
          )}
        </div>
      </div>
    </>
  );
}
