import { Link } from 'react-router';
import { DataTable, type Column } from '#web/components/ui/data-table';
import { useConfig } from '#web/lib/config';
import { LEGAL_UPDATED, LegalPage } from './legal-page';

const held = [
  {
    what: 'Your account: e-mail address, password (stored only as a one-way hash), when you joined',
    why: 'To run your account (our contract with you)',
    kept: 'Until you delete your account',
  },
  {
    what: 'Your choices: odds format, member e-mails on or off, an e-mail pause',
    why: 'To do what you asked',
    kept: 'Until you delete your account',
  },
  {
    what: 'Your consents, each with its time: 18 or over, the terms (and which version), starting your membership straight away',
    why: 'To show we asked, as consumer law requires',
    kept: 'With your account; on your payment records for 6 years',
  },
  {
    what: 'Your subscription and payments: plan, dates, amounts, refunds, failed payments, and Stripe’s references for them',
    why: 'To bill you and keep the accounts (legal obligation)',
    kept: '6 years, as HMRC requires, even after you delete your account',
  },
  {
    what: 'Your bet log (My Bets), only if you use it',
    why: 'To show your own profit and loss',
    kept: 'Until you delete the bets or your account',
  },
  {
    what: 'Your watch list: the horses you starred, and when',
    why: 'To show where they run next',
    kept: 'Until you remove them or delete your account',
  },
  {
    what: 'Your alerts, only if you turn them on: which alerts, your quiet hours, and each device that takes them (its push service address and keys, and the browser’s name)',
    why: 'To send the alerts you asked for',
    kept: 'Until you turn alerts off on that device, its push service says it is gone, or you delete your account',
  },
  {
    what: 'The alerts sent to you: what each said, when, and how it went',
    why: 'To send each alert once and deal with problems',
    kept: '30 days',
  },
  {
    what: 'E-mails we sent you: address, subject, kind, whether and when it was sent',
    why: 'To deliver them and deal with problems',
    kept: '90 days',
  },
  {
    what: 'Sign-ins: when you signed in and were last active (no password, no IP address kept with them)',
    why: 'To keep your account secure',
    kept: 'Until you sign out, 30 minutes idle or 30 days',
  },
  {
    what: 'Failed sign-in and sign-up counts by e-mail address and network address',
    why: 'To stop password guessing',
    kept: '15 minutes, deleted within the hour after',
  },
  {
    what: 'Server logs: the network address a request came from, the page asked for, and when',
    why: 'To keep the site secure and fix faults',
    kept: 'A short time, then deleted by our hosting provider',
  },
];

const HELD_COLUMNS: Array<Column<(typeof held)[number]>> = [
  { header: 'What', cell: (row) => row.what },
  { header: 'Why', cell: (row) => row.why },
  { header: 'How long', cell: (row) => row.kept },
];

/** What is stored, why and for how long; who processes it; the one cookie; the rights and how to use them. */
export function PrivacyPage() {
  const { siteName, supportEmail } = useConfig();
  return (
    <LegalPage
      title="Privacy Notice"
      subtitle={`What ${siteName} keeps about you, why, for how long, and how to download or delete it.`}
      updated={LEGAL_UPDATED}
    >
      <h2>Who is responsible</h2>
      <p>
        {siteName} is the controller of your personal data under the UK GDPR and the Data Protection Act 2018. Contact
        us about your data at <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
      </p>

      <h2>What we keep, why, and for how long</h2>
      <DataTable
        caption="Personal data we keep"
        captionHidden
        columns={HELD_COLUMNS}
        rows={held}
        rowKey={(row) => row.what}
        rowClassName={() => 'border-b border-slate-200 align-top'}
        className="border-collapse text-left"
        scrollClassName="my-4"
        cellPadding="py-2 pr-3"
        headClassName="border-b-2 border-navy-900"
      />
      <p>We never sell your data, never share it for marketing, and show no bookmaker adverts.</p>

      <h2>Who processes it for us</h2>
      <ul>
        <li>
          <strong>Stripe</strong> takes your payments. Your card details go straight to Stripe; we never see them.
          Stripe keeps its own payment records as the law requires of it.
        </li>
        <li>
          <strong>Our mail host</strong> delivers our e-mails to your address.
        </li>
        <li>
          <strong>Your browser’s push service</strong> (Google, Mozilla, Apple or Microsoft, whichever your browser
          uses) carries an alert to your device when you have turned alerts on there. The alert is encrypted for your
          device: the push service cannot read it.
        </li>
        <li>
          <strong>Our hosting provider</strong> runs the servers and the database the site and your data live on.
        </li>
      </ul>
      <p>Each works only on our instructions, under a contract that requires them to keep your data safe.</p>

      <h2>Cookies</h2>
      <p>
        <strong>The site sets no non-essential cookies.</strong> It sets one cookie, <code>vbg_session</code>, only when
        you sign in: it keeps you signed in, cannot be read by scripts, and ends when you sign out, after 30 minutes
        without activity or after 30 days at most. There are no analytics, advertising or tracking cookies, so there is
        nothing to accept or refuse.
      </p>

      <h2>Your rights, and how to use them</h2>
      <ul>
        <li>
          <strong>See and take your data (access and portability).</strong> <Link to="/my-account">My Account</Link> has
          a <em>Download my data</em> button: one file (JSON) with your account, consents, subscription and its history,
          checkouts, bets, watch list, alert settings and alerts, the e-mails we sent you, the notices we gave you once
          (renewal reminders, price changes) and your sign-ins.
        </li>
        <li>
          <strong>Delete your account (erasure).</strong> <em>Delete my account</em> in My Account, confirmed with your
          password, ends any subscription at once (nothing more is taken), signs you out everywhere and erases your
          address, password, preferences, bets, watch list, alerts and their devices, sign-ins and the e-mails we sent
          you. We keep the records of your payments (amounts, dates and payment references, with no contact details) for
          6 years, as HMRC requires, and then delete them.
        </li>
        <li>
          <strong>Correct, restrict or object.</strong> E-mail <a href={`mailto:${supportEmail}`}>{supportEmail}</a> and
          we will answer within one month.
        </li>
        <li>
          <strong>Stop our e-mails.</strong> Every member e-mail has a one-click unsubscribe link; My Account has the
          switch and a pause for a chosen time.
        </li>
      </ul>
      <p>
        If you are unhappy with how we handle your data you can complain to the Information Commissioner’s Office:{' '}
        <a href="https://ico.org.uk/make-a-complaint/">ico.org.uk</a>.
      </p>
    </LegalPage>
  );
}
