export interface NavItem {
  label: string;
  /** Label in the mobile menu when it differs ("My Account"). */
  mobileLabel?: string;
  /** Label in the desktop bar when it differs: a shorter one, so the bar stays one row. */
  desktopLabel?: string;
  to: string;
  /** Members-only: gold, with a lock when signed out, and sends visitors to /premium-access. */
  members?: boolean;
}

export const PREMIUM_ACCESS_PATH = '/premium-access';

export const navItems: NavItem[] = [
  { label: 'Home', to: '/' },
  { label: 'Team VBG', to: '/about' },
  { label: 'News & Views', to: '/news-and-views' },
  { label: 'Back Catalogue', to: '/back-catalogue' },
  { label: 'Free Race', to: '/free-race' },
  { label: 'Results', to: '/results' },
  { label: 'Value Calibration', desktopLabel: 'Calibration', to: '/value-calibration' },
  { label: 'Tips', to: '/tips', members: true },
  { label: 'VBG Race Cards', to: '/vbg-race-cards', members: true },
  { label: 'Value Now', to: '/value-now', members: true },
  { label: 'Golf', to: '/golf', members: true },
  { label: 'VB Generator', to: '/vb-generator', members: true },
  { label: 'My Bets', to: '/my-bets', members: true },
  { label: 'Account', mobileLabel: 'My Account', to: '/my-account', members: true },
];

export const adminNavItem: NavItem = { label: 'Admin', to: '/admin' };
