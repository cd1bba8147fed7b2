import { Link } from 'react-router';
import { ExternalLink, Mail } from 'lucide-react';
import { useConfig } from '../lib/config';
import { useNow } from '../lib/now';

const quickLinks = [
  { label: 'Home', to: '/' },
  { label: 'Team VBG', to: '/about' },
  { label: 'News & Views', to: '/news-and-views' },
  { label: 'Back Catalogue', to: '/back-catalogue' },
  { label: 'Proofed Results', to: '/results' },
  { label: 'Value Calibration', to: '/value-calibration' },
  { label: 'Free Race', to: '/free-race' },
  { label: 'Getting Started', to: '/getting-started' },
  { label: 'Premium Access', to: '/premium-access' },
  { label: 'Subscribe', to: '/subscribe' },
];

const legalLinks = [
  { label: 'Terms', to: '/terms' },
  { label: 'Privacy', to: '/privacy' },
  { label: 'Responsible Gambling', to: '/responsible-gambling' },
];

const supportCharities = [
  { label: 'BeGambleAware.org', href: 'https://www.begambleaware.org' },
  { label: 'GamCare.org.uk', href: 'https://www.gamcare.org.uk' },
];

const linkClass =
  'inline-flex min-h-11 items-center rounded text-navy-100 underline-offset-4 hover:text-white hover:underline sm:min-h-8';

/** Support's address, and where to get help with gambling. */
function SupportAndHelp({ supportEmail }: { supportEmail: string }) {
  return (
    <div className="text-sm">
      <h2 className="font-semibold uppercase tracking-wider text-white">Support</h2>
      <a href={`mailto:${supportEmail}`} className={`${linkClass} mt-2 gap-2 break-all`}>
        <Mail className="h-4 w-4 shrink-0" aria-hidden="true" />
        {supportEmail}
      </a>
      <h2 className="mt-6 font-semibold uppercase tracking-wider text-white">Responsible gambling</h2>
      <p className="mt-2">
        <strong className="text-white">18+ | Please gamble responsibly</strong>
      </p>
      <p>
        National Gambling Helpline:{' '}
        <a href="tel:08088020133" className={linkClass}>
          0808 8020 133
        </a>
      </p>
      <Link to="/responsible-gambling" className={linkClass}>
        Help, tools and taking a break
      </Link>
      <ul>
        {supportCharities.map((c) => (
          <li key={c.href}>
            <a href={c.href} target="_blank" rel="noopener noreferrer" className={`${linkClass} gap-1.5`}>
              {c.label}
              <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Footer() {
  const config = useConfig();
  const now = useNow();
  return (
    <footer className="mt-auto bg-navy-950 text-navy-100">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div className="lg:col-span-2">
          <p className="text-lg font-bold text-white">
            <span className="text-gold-400">VBG</span> — Value Betting Guide
          </p>
          <p className="mt-2 max-w-md text-sm">
            Independent UK horse racing analysis and value betting tips. No bookmaker ads, no affiliate links, and we
            never share your data.
          </p>
        </div>
        <nav aria-label="Footer">
          <h2 className="text-sm font-semibold uppercase tracking-wider text-white">Quick links</h2>
          <ul className="mt-2 grid grid-cols-2 gap-x-4 text-sm sm:grid-cols-1">
            {quickLinks.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className={linkClass}>
                  {l.label}
                </Link>
              </li>
            ))}
            <li>
              {/* Served by the server, not a page of the app. */}
              <a href="/sitemap.xml" className={linkClass}>
                Sitemap
              </a>
            </li>
          </ul>
        </nav>
        <SupportAndHelp supportEmail={config.supportEmail} />
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-4 text-xs text-navy-200 sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {now.getUTCFullYear()} {config.siteName}. All rights reserved. Past performance is no guarantee of future
            results.
          </p>
          <nav aria-label="Legal">
            <ul className="flex flex-wrap gap-x-4">
              {legalLinks.map((l) => (
                <li key={l.to}>
                  <Link to={l.to} className={linkClass}>
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
