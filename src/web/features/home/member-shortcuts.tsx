import { Calculator, ClipboardList, Trophy } from 'lucide-react';
import { Link } from 'react-router';

const shortcuts = [
  { to: '/tips', icon: Trophy, title: 'Tips', text: 'Today’s NAP, NB, longshot, multiples and the daily preview.' },
  {
    to: '/vbg-race-cards',
    icon: ClipboardList,
    title: 'Race Cards',
    text: 'Every runner with VB ratings and analysis, day by day.',
  },
  {
    to: '/vb-generator',
    icon: Calculator,
    title: 'VB Generator',
    text: 'Tissue odds and value scores from the latest prices.',
  },
];

/** Shown on the home page to signed-in users. */
export function MemberShortcuts() {
  return (
    <section className="mx-auto max-w-6xl px-4 pb-12 sm:pb-16" aria-labelledby="shortcuts-title">
      <h2 id="shortcuts-title" className="text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl">
        Your members’ area
      </h2>
      <ul className="mt-6 grid gap-4 md:grid-cols-3">
        {shortcuts.map(({ to, icon: Icon, title, text }) => (
          <li key={to}>
            <Link
              to={to}
              className="group flex h-full flex-col gap-2 rounded-xl border-2 border-gold-400 bg-white p-5 shadow-sm transition-colors hover:bg-gold-50"
            >
              <Icon className="h-7 w-7 text-gold-700" aria-hidden="true" />
              <span className="text-lg font-bold text-navy-900 group-hover:underline">{title}</span>
              <span className="text-sm text-slate-700">{text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
