import { Link } from 'react-router';
import { LEGAL_UPDATED, LegalPage } from './legal-page';

const support = [
  {
    name: 'National Gambling Helpline',
    detail: 'Free, confidential, 24 hours a day: call 0808 8020 133.',
    href: 'tel:08088020133',
    label: '0808 8020 133',
  },
  {
    name: 'GamCare',
    detail: 'Advice, live chat and counselling for anyone affected by gambling.',
    href: 'https://www.gamcare.org.uk',
    label: 'gamcare.org.uk',
  },
  {
    name: 'BeGambleAware',
    detail: 'Information, self-assessment and support near you.',
    href: 'https://www.begambleaware.org',
    label: 'begambleaware.org',
  },
  {
    name: 'GAMSTOP',
    detail:
      'Free self-exclusion from every gambling site and app licensed in Great Britain, for 6 months, 1 year or 5 years.',
    href: 'https://www.gamstop.co.uk',
    label: 'gamstop.co.uk',
  },
];

/** 18+, the support lines, staying in control, and the tools we offer: pausing our e-mails, leaving. */
export function ResponsibleGamblingPage() {
  return (
    <LegalPage
      title="Responsible Gambling"
      subtitle="Betting should be fun. If it stops being fun, stop, and talk to someone."
      updated={LEGAL_UPDATED}
    >
      <p className="rounded-lg border-l-4 border-gold-500 bg-gold-50 p-4 font-semibold text-navy-900">
        18+ only. Only bet what you can afford to lose.
      </p>

      <h2>Free, confidential help</h2>
      <ul>
        {support.map((s) => (
          <li key={s.name}>
            <strong>{s.name}</strong>: {s.detail} <a href={s.href}>{s.label}</a>
          </li>
        ))}
      </ul>

      <h2>Staying in control</h2>
      <ul>
        <li>Set a budget before you bet, and never chase losses.</li>
        <li>Treat betting as paid entertainment, not a way to make money or pay bills.</li>
        <li>Keep track of what you stake: My Bets, in your account, shows your own profit and loss.</li>
        <li>Take breaks, and don’t bet when you are upset, stressed or have been drinking.</li>
        <li>Our tips are opinions, never a promise of winnings. Past results are no guarantee of future results.</li>
      </ul>

      <h2>Our tools</h2>
      <ul>
        <li>
          <strong>Pause my e-mails.</strong> From <Link to="/my-account">My Account</Link>, stop the daily tips e-mail
          and our other member e-mails for 7, 30, 90 or 180 days, or until a date you choose. They start again by
          themselves on that day, and you can end the pause sooner.
        </li>
        <li>
          <strong>Unsubscribe.</strong> Every member e-mail has a one-click unsubscribe link, and My Account has the
          switch.
        </li>
        <li>
          <strong>Cancel or delete.</strong> Cancel your subscription in a couple of clicks from My Account, or delete
          your account altogether (see our <Link to="/privacy">Privacy notice</Link>).
        </li>
        <li>
          <strong>Block gambling everywhere.</strong> GAMSTOP excludes you from every licensed gambling site and app in
          Great Britain; your bank may also let you block gambling payments.
        </li>
      </ul>

      <h2>Are you under 18?</h2>
      <p>
        Membership is only for people aged 18 or over (see our <Link to="/terms">Terms</Link>). Parents can block
        gambling sites with filters such as those listed by{' '}
        <a href="https://www.internetmatters.org">Internet Matters</a>.
      </p>
    </LegalPage>
  );
}
