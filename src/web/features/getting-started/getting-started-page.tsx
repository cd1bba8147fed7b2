import { FileText, LogIn, Mail, MailCheck, Trophy } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '#web/components/page-header';
import { useConfig } from '#web/lib/config';

function Step({ icon: Icon, title, children }: { icon: typeof LogIn; title: string; children: ReactNode }) {
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-200 p-5 sm:flex-row sm:gap-4">
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-navy-900 text-gold-400">
        <Icon className="h-5 w-5" aria-hidden="true" />
      </span>
      <div>
        <h2 className="text-lg font-bold text-navy-900">{title}</h2>
        <div className="mt-1 grid gap-2 text-slate-700">{children}</div>
      </div>
    </li>
  );
}

const link = 'font-semibold text-navy-700 underline underline-offset-4';

/** Static help; makes no calls. */
export function GettingStartedPage() {
  const { supportEmail } = useConfig();
  return (
    <>
      <PageHeader title="Getting Started" subtitle="Everything you need to make the most of your VBG membership." />
      <ol className="mx-auto grid max-w-3xl gap-4 px-4 py-10">
        <Step icon={LogIn} title="Log in">
          <p>
            Use the Sign In button at the top of any page (or the{' '}
            <Link to="/login" className={link}>
              sign-in page
            </Link>
            ) with the e-mail address and password of your membership. Set your password after payment, or use “Forgot
            password?” on the sign-in page if you need a new one.
          </p>
        </Step>
        <Step icon={Trophy} title="Where the tips are">
          <p>
            The daily headline selections — NAP, NB and longshot — plus the multiple bets and the daily preview are on
            the{' '}
            <Link to="/tips" className={link}>
              Tips
            </Link>{' '}
            page. Full race cards with VB ratings are under{' '}
            <Link to="/vbg-race-cards" className={link}>
              VBG Race Cards
            </Link>
            .
          </p>
        </Step>
        <Step icon={FileText} title="Race previews">
          <p>Race previews open as PDFs in a new tab, so you can read them on any phone, tablet or computer.</p>
          <ul className="grid gap-2">
            <li className="flex items-center gap-2">
              <span className="h-5 w-8 shrink-0 rounded border-2 border-gold-500 bg-gold-100" aria-hidden="true" />
              <span>
                <strong>Gold boxes</strong> are feature races.
              </span>
            </li>
            <li className="flex items-center gap-2">
              <span className="h-5 w-8 shrink-0 rounded border-2 border-blue-700 bg-blue-100" aria-hidden="true" />
              <span>
                <strong>Blue boxes</strong> are standard previews.
              </span>
            </li>
          </ul>
        </Step>
        <Step icon={Mail} title="Support">
          <p>
            Questions about your account or the analysis? E-mail us at{' '}
            <a href={`mailto:${supportEmail}`} className={`${link} break-all`}>
              {supportEmail}
            </a>{' '}
            and we will get back to you.
          </p>
        </Step>
        <Step icon={MailCheck} title="Daily e-mail">
          <p>
            Each morning, when the tips and previews are published, members receive an e-mail notification so you know
            they are ready.
          </p>
        </Step>
      </ol>
    </>
  );
}
