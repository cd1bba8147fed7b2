import { Ban, Database, HeartHandshake, Scale, Search, Target, UserRound } from 'lucide-react';
import { PageHeader } from '#web/components/page-header';
import { ButtonLink } from '#web/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { useConfig } from '#web/lib/config';

const team = [
  {
    name: 'Emma Clarke',
    role: 'Support & Ratings Admin',
    text: 'Looks after members’ questions and keeps the daily ratings and race cards uploaded, checked and on time.',
  },
  {
    name: 'Tom Reilly',
    role: 'Racing Contributor',
    text: 'A lifelong form student who writes on the big meetings and promotes his own referral code to his followers, saving them money on membership.',
  },
  {
    name: 'Guest Contributors',
    role: 'Guest Contributor',
    text: 'Trainers’ watchers, pedigree fans and data people who join us from time to time with a fresh angle on the sport.',
  },
];

const principles = [
  {
    icon: Target,
    title: 'Value first',
    text: 'We only advise a bet when the price is bigger than our own honest assessment.',
  },
  { icon: Scale, title: 'Discipline', text: 'Level stakes, a sensible bank and records kept in public.' },
  { icon: Search, title: 'Show the working', text: 'Every selection comes with the reasoning behind it.' },
];

const sectionTitle = 'text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl';

export function AboutPage() {
  const { analystName } = useConfig();
  return (
    <>
      <PageHeader title="Team VBG" subtitle="The people behind the Value Betting Guide." />

      <section className="mx-auto max-w-6xl px-4 py-10 sm:py-14" aria-labelledby="analyst-bio">
        <h2 id="analyst-bio" className={sectionTitle}>
          {analystName}, founder and analyst
        </h2>
        <div className="mt-4 grid max-w-3xl gap-3 text-slate-700">
          <p>
            {analystName} has more than 20 years of experience analysing British and Irish racing. What began as a
            personal spreadsheet of ratings became the VB rating system now used on every VBG race card.
          </p>
          <p>
            The approach has never changed: price every runner independently, compare with the market, and only bet when
            the odds are in our favour. No gut feelings, no hot tips from the gallops — just careful, repeatable work.
          </p>
        </div>
      </section>

      <section className="bg-navy-50" aria-labelledby="team-title">
        <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
          <h2 id="team-title" className={sectionTitle}>
            The team
          </h2>
          <ul className="mt-6 grid gap-4 md:grid-cols-3">
            {team.map((m) => (
              <li key={m.role}>
                <Card className="h-full">
                  <CardHeader>
                    <UserRound className="h-8 w-8 text-navy-700" aria-hidden="true" />
                    <CardTitle as="h3">{m.name}</CardTitle>
                    <p className="text-sm font-semibold text-gold-700">{m.role}</p>
                    <CardDescription>{m.text}</CardDescription>
                  </CardHeader>
                </Card>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-10 sm:py-14" aria-labelledby="principles-title">
        <h2 id="principles-title" className={sectionTitle}>
          Core principles
        </h2>
        <ul className="mt-6 grid gap-4 md:grid-cols-3">
          {principles.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border border-slate-200 p-5">
              <Icon className="h-7 w-7 text-gold-700" aria-hidden="true" />
              <h3 className="mt-2 text-lg font-bold text-navy-900">{title}</h3>
              <p className="mt-1 text-slate-700">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="bg-navy-900 text-white" aria-labelledby="method-title">
        <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 sm:py-14 md:grid-cols-2">
          <div>
            <h2 id="method-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
              Methodology
            </h2>
            <p className="mt-3 text-navy-100">
              Each VB rating weighs 50+ variables — form, going, distance, course, draw, pace, trainer and jockey
              patterns, class moves and more — built from 20+ years of study. Ratings become tissue odds, and the gap
              between our odds and the bookmakers’ is the value we look for.
            </p>
          </div>
          <dl className="grid grid-cols-2 gap-4">
            <div className="rounded-xl bg-navy-800 p-5">
              <dt className="text-sm text-navy-200">Variables in every rating</dt>
              <dd className="text-4xl font-extrabold text-gold-400">50+</dd>
            </div>
            <div className="rounded-xl bg-navy-800 p-5">
              <dt className="text-sm text-navy-200">Years of experience</dt>
              <dd className="text-4xl font-extrabold text-gold-400">20+</dd>
            </div>
          </dl>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-10 sm:py-14" aria-labelledby="independence-title">
        <h2 id="independence-title" className={sectionTitle}>
          Our independence promise
        </h2>
        <ul className="mt-6 grid gap-3 sm:grid-cols-3">
          {[
            { icon: Ban, text: 'No bookmaker ads' },
            { icon: HeartHandshake, text: 'No affiliate links' },
            { icon: Database, text: 'No sharing of user data' },
          ].map(({ icon: Icon, text }) => (
            <li
              key={text}
              className="flex items-center gap-3 rounded-lg border-2 border-navy-900 p-4 font-semibold text-navy-900"
            >
              <Icon className="h-6 w-6 shrink-0 text-navy-700" aria-hidden="true" />
              {text}
            </li>
          ))}
        </ul>
        <p className="mt-4 max-w-3xl text-slate-700">
          Members pay for the analysis, so the analysis answers only to members. We earn nothing when you bet.
        </p>
        <ButtonLink to="/subscribe" variant="gold" className="mt-6">
          Become a member
        </ButtonLink>
      </section>
    </>
  );
}
