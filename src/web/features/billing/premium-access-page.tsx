import { ArrowLeft, Calculator, ClipboardList, Flag, Lock, Trophy, UserCog } from 'lucide-react';
import { Link } from 'react-router';
import { PRICE_MONTHLY_GBP } from '#shared/public-config';
import { ButtonLink } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';

const features = [
  {
    icon: Trophy,
    title: 'Daily Tips & Analysis',
    text: 'NAP, NB, longshot, up to four multiples and the daily preview every morning.',
  },
  {
    icon: ClipboardList,
    title: 'VBG Race Cards',
    text: 'Full race cards with our proprietary VB ratings and analysis for every runner.',
  },
  {
    icon: Flag,
    title: 'Golf Betting Section',
    text: 'Weekly golf analysis, coming soon and included at no extra cost.',
  },
  {
    icon: Calculator,
    title: 'VB Generator Tool',
    text: 'Turn ratings and current odds into tissue odds and a value score.',
  },
  {
    icon: UserCog,
    title: 'Account Management',
    text: 'Change your password and manage your subscription at any time.',
  },
];

/** Where members-only links send signed-out visitors. */
export function PremiumAccessPage() {
  return (
    <div className="bg-navy-50">
      <div className="mx-auto max-w-4xl px-4 py-10 sm:py-14">
        <div className="text-center">
          <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-navy-900 text-gold-400">
            <Lock className="h-7 w-7" aria-hidden="true" />
          </span>
          <h1 className="mt-4 text-3xl font-bold tracking-tight text-navy-900 sm:text-4xl">Premium Access</h1>
          <p className="mx-auto mt-2 max-w-xl text-slate-700">
            This part of VBG is for members. Here is everything a membership unlocks.
          </p>
        </div>

        <ul className="mt-8 grid gap-3 sm:grid-cols-2">
          {features.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-3 rounded-xl border-l-4 border-gold-400 bg-white p-4 shadow-sm">
              <Icon className="mt-0.5 h-6 w-6 shrink-0 text-gold-700" aria-hidden="true" />
              <div>
                <h2 className="font-bold text-navy-900">{title}</h2>
                <p className="text-sm text-slate-700">{text}</p>
              </div>
            </li>
          ))}
        </ul>

        <Card className="mt-8 text-center">
          <CardHeader className="items-center">
            <CardTitle>
              <span className="text-4xl font-extrabold">£{PRICE_MONTHLY_GBP}</span> per month
            </CardTitle>
            <CardDescription>Cancel anytime • 7-day money-back guarantee</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col justify-center gap-3 sm:flex-row">
            <ButtonLink to="/subscribe" variant="gold" size="lg">
              Subscribe Now
            </ButtonLink>
            <ButtonLink to="/login" variant="outline" size="lg">
              Member Sign In
            </ButtonLink>
          </CardContent>
        </Card>

        <p className="mt-6 text-center">
          <Link
            to="/"
            className="inline-flex min-h-11 items-center gap-1.5 font-semibold text-navy-700 underline underline-offset-4"
          >
            <ArrowLeft className="h-4 w-4" aria-hidden="true" />
            Back to Home
          </Link>
        </p>
      </div>
    </div>
  );
}
