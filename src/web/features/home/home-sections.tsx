import { BadgeCheck, Calculator, ClipboardList, Coffee, Gauge, Quote, ShieldCheck, Trophy } from 'lucide-react';
import { Link } from 'react-router';
import { PRICE_DISCOUNTED_GBP, PRICE_MONTHLY_GBP } from '#shared/public-config';
import { ButtonLink } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { useConfig } from '#web/lib/config';

const sectionTitle = 'text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl';

const benefits = [
  {
    icon: Gauge,
    title: 'Proprietary VB ratings',
    text: 'Every runner rated on 50+ variables, so you see where the market has it wrong.',
  },
  {
    icon: Coffee,
    title: 'Ready by breakfast',
    text: 'The daily guide, headline selections and previews land every morning, with an e-mail to say so.',
  },
  {
    icon: Calculator,
    title: 'Value, not hype',
    text: 'The VB Generator turns ratings and live prices into tissue odds and a value score.',
  },
  { icon: BadgeCheck, title: 'No risk to try', text: 'Cancel anytime, with a 7-day money-back guarantee.' },
];

export function Benefits() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-12 sm:py-16" aria-labelledby="benefits-title">
      <h2 id="benefits-title" className={sectionTitle}>
        Why punters choose VBG
      </h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {benefits.map(({ icon: Icon, title, text }) => (
          <li key={title}>
            <Card className="h-full">
              <CardHeader>
                <Icon className="h-7 w-7 text-navy-700" aria-hidden="true" />
                <CardTitle as="h3" size="md">
                  {title}
                </CardTitle>
                <CardDescription>{text}</CardDescription>
              </CardHeader>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function AboutAnalyst() {
  const { analystName } = useConfig();
  return (
    <section className="bg-navy-50" aria-labelledby="analyst-title">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-12 sm:py-16 md:grid-cols-[auto_1fr] md:items-center">
        <div
          className="flex h-24 w-24 items-center justify-center rounded-full bg-navy-900 text-3xl font-bold text-gold-400"
          aria-hidden="true"
        >
          {analystName
            .split(/\s+/)
            .map((p) => p[0])
            .join('')
            .slice(0, 2)}
        </div>
        <div>
          <h2 id="analyst-title" className={sectionTitle}>
            About the analyst
          </h2>
          <p className="mt-3 max-w-3xl text-slate-700">
            {analystName} has studied British and Irish racing for more than 20 years. The VBG method is simple to say
            and hard to do: build an honest price for every runner, compare it with the market, and only bet when the
            odds on offer are bigger than they should be.
          </p>
          <Link
            to="/about"
            className="mt-3 inline-flex min-h-11 items-center font-semibold text-navy-700 underline underline-offset-4"
          >
            Meet Team VBG
          </Link>
        </div>
      </div>
    </section>
  );
}

export function SafeBettingBanner() {
  return (
    <section className="border-y border-gold-300 bg-gold-50" aria-labelledby="safe-title">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 sm:flex-row sm:items-center sm:gap-4">
        <ShieldCheck className="h-8 w-8 shrink-0 text-gold-700" aria-hidden="true" />
        <div>
          <h2 id="safe-title" className="font-bold text-navy-900">
            Bet safely
          </h2>
          <p className="text-sm text-slate-800">
            18+ only. Set a budget you can afford to lose and stick to it — betting should be fun. If it stops being
            fun, free and confidential help is at{' '}
            <a
              className="font-semibold text-navy-700 underline"
              href="https://www.begambleaware.org"
              target="_blank"
              rel="noopener noreferrer"
            >
              BeGambleAware.org
            </a>
            .
          </p>
        </div>
      </div>
    </section>
  );
}

const included = [
  'The daily guide with our headline selections: NAP, NB and longshot',
  'Up to four multiple bets every day',
  'A daily preview of the best races',
  'VBG Race Cards with proprietary VB ratings',
  'The VB Generator: tissue odds and value scores',
  'Golf analysis (coming soon, at no extra cost)',
  'Members-only News & Views articles',
  'The full back catalogue of past daily guides',
];

export function WhatsIncluded() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-12 sm:py-16" aria-labelledby="included-title">
      <h2 id="included-title" className={sectionTitle}>
        What’s included
      </h2>
      <ul className="mt-6 grid gap-3 sm:grid-cols-2">
        {included.map((item) => (
          <li key={item} className="flex items-start gap-3 rounded-lg border border-slate-200 p-4">
            <ClipboardList className="mt-0.5 h-5 w-5 shrink-0 text-gold-700" aria-hidden="true" />
            <span className="text-slate-800">{item}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

const testimonials = [
  { quote: 'The race cards have changed how I bet. I back fewer horses and enjoy it more.', name: 'Mark, Yorkshire' },
  {
    quote: 'I read the daily guide with my coffee. The value scores make it easy to decide in minutes.',
    name: 'Claire, Cheltenham',
  },
  {
    quote: 'Honest analysis with no bookmaker links. It is refreshing to see the reasoning behind every pick.',
    name: 'Dev, Newmarket',
  },
];

export function Testimonials() {
  return (
    <section className="bg-navy-900 text-white" aria-labelledby="testimonials-title">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
        <h2 id="testimonials-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          What members say
        </h2>
        <p className="mt-1 text-sm text-navy-200">Sample testimonials</p>
        <ul className="mt-6 grid gap-4 md:grid-cols-3">
          {testimonials.map((t) => (
            <li key={t.name} className="rounded-xl bg-navy-800 p-5">
              <Quote className="h-6 w-6 text-gold-400" aria-hidden="true" />
              <blockquote className="mt-2 text-navy-50">{t.quote}</blockquote>
              <p className="mt-3 text-sm font-semibold text-gold-300">— {t.name}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function FinalCallToAction() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-12 sm:py-16" aria-labelledby="cta-title">
      <Card tone="gold" className="text-center">
        <CardHeader className="items-center">
          <Trophy className="h-8 w-8 text-gold-700" aria-hidden="true" />
          <CardTitle id="cta-title" size="xl">
            Join VBG today
          </CardTitle>
          <p className="text-base text-slate-700">
            £{PRICE_MONTHLY_GBP}/month — or £{PRICE_DISCOUNTED_GBP}/month with a discount code (save 25%).
          </p>
        </CardHeader>
        <CardContent className="flex flex-col items-center gap-2">
          <ButtonLink to="/subscribe" variant="primary" size="lg">
            Subscribe Now
          </ButtonLink>
          <p className="text-sm text-slate-700">Cancel anytime • 7-day money-back guarantee</p>
        </CardContent>
      </Card>
    </section>
  );
}
