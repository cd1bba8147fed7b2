import { CalendarDays, LineChart, Scale } from 'lucide-react';
import { PageHeader } from '#web/components/page-header';
import { Card, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';

const tiles = [
  {
    icon: LineChart,
    title: 'Form Analysis',
    text: 'Recent form, course history and strokes-gained trends for the week’s field.',
  },
  {
    icon: Scale,
    title: 'Value Assessment',
    text: 'Our own prices set against the market to find the players worth backing.',
  },
  { icon: CalendarDays, title: 'Weekly Schedule', text: 'Analysis published ahead of each week’s main tournaments.' },
];

/** Members only; the router wraps it in the "golf analysis" gate. */
export function GolfPage() {
  return (
    <>
      <PageHeader title="Golf Analysis" />
      <div className="mx-auto max-w-6xl px-4 py-10">
        <h2 className="text-2xl font-bold text-navy-900">Weekly Golf Analysis Coming Soon</h2>
        <p className="mt-2 max-w-2xl text-slate-700">
          We are bringing the VBG value approach to golf, tournament by tournament.
        </p>
        <ul className="mt-6 grid gap-4 md:grid-cols-3">
          {tiles.map(({ icon: Icon, title, text }) => (
            <li key={title}>
              <Card className="h-full">
                <CardHeader>
                  <Icon className="h-7 w-7 text-gold-700" aria-hidden="true" />
                  <CardTitle as="h3">{title}</CardTitle>
                  <CardDescription>{text}</CardDescription>
                </CardHeader>
              </Card>
            </li>
          ))}
        </ul>
        <p className="mt-6 rounded-lg border border-gold-300 bg-gold-50 p-4 text-navy-900">
          Golf analysis is included in your existing subscription at no extra cost.
        </p>
      </div>
    </>
  );
}
