import { useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { Lock, LogIn, LogOut, Menu, ShieldCheck, X } from 'lucide-react';
import { useAuth } from '../features/auth/api';
import { cn } from '../lib/cn';
import { dispatchNewsReset } from '../lib/events';
import { Button, buttonClasses } from '../components/ui/button';
import { PREMIUM_ACCESS_PATH, adminNavItem, navItems, type NavItem } from './nav-items';

type Variant = 'desktop' | 'mobile';

function NavEntry({
  item,
  variant,
  signedIn,
  onNavigate,
}: {
  item: NavItem;
  variant: Variant;
  signedIn: boolean;
  onNavigate: () => void;
}) {
  const { pathname } = useLocation();
  const label = (variant === 'mobile' ? item.mobileLabel : item.desktopLabel) ?? item.label;
  const locked = !!item.members && !signedIn;
  const gold = !!item.members;

  function onClick(e: MouseEvent<HTMLAnchorElement>) {
    // Clicking News & Views while on it goes back to the list.
    if (item.to === '/news-and-views' && pathname === '/news-and-views' && !e.defaultPrevented) {
      dispatchNewsReset();
      window.scrollTo({ top: 0 });
    }
    onNavigate();
  }

  const classes = (active: boolean) =>
    cn(
      'flex items-center gap-1.5 rounded-md font-medium transition-colors',
      variant === 'desktop' ? 'min-h-10 px-2 text-sm' : 'min-h-12 px-3 text-base',
      gold ? 'text-gold-300 hover:bg-gold-400/15 hover:text-gold-100' : 'text-white hover:bg-white/10',
      active && (gold ? 'bg-gold-400/20 text-gold-100' : 'bg-white/15'),
    );
  const content = (
    <>
      {locked && <Lock className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />}
      {label}
    </>
  );

  if (locked) {
    // Visitors are sent to the pitch page instead of the members-only address.
    return (
      <Link to={PREMIUM_ACCESS_PATH} onClick={onClick} className={classes(false)}>
        {content}
      </Link>
    );
  }
  return (
    <NavLink to={item.to} end={item.to === '/'} onClick={onClick} className={({ isActive }) => classes(isActive)}>
      {content}
    </NavLink>
  );
}

function AuthButton() {
  const { user, isLoading, logout } = useAuth();
  const navigate = useNavigate();
  if (isLoading) return <span className="inline-block h-11 w-24" aria-hidden="true" />;
  if (user) {
    return (
      <Button
        variant="inverse"
        size="sm"
        disabled={logout.isPending}
        onClick={() => logout.mutate(undefined, { onSuccess: () => void navigate('/') })}
      >
        <LogOut className="h-4 w-4" aria-hidden="true" />
        Sign Out
      </Button>
    );
  }
  return (
    <Link to="/login" className={buttonClasses({ variant: 'gold', size: 'sm' })}>
      <LogIn className="h-4 w-4" aria-hidden="true" />
      Sign In
    </Link>
  );
}

export function Header() {
  const { user, isAdmin } = useAuth();
  const [open, setOpen] = useState(false);
  const signedIn = !!user;
  const items = isAdmin ? [...navItems, adminNavItem] : navItems;
  const close = () => setOpen(false);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // Escape closes the phone menu and puts focus back on its button (focus inside the hidden list would be lost).
  function onNavKeyDown(e: KeyboardEvent) {
    if (e.key !== 'Escape' || !open) return;
    setOpen(false);
    toggleRef.current?.focus();
  }

  return (
    <header className="sticky top-0 z-40 bg-navy-900 text-white shadow-md">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-navy-900"
      >
        Skip to content
      </a>
      <nav aria-label="Main" onKeyDown={onNavKeyDown}>
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4">
          <Link to="/" onClick={close} className="flex min-h-11 items-center gap-2 rounded-md">
            <span className="rounded-md bg-gold-400 px-2 py-1 text-lg font-extrabold tracking-wide text-navy-950">
              VBG
            </span>
            <span className="text-sm font-semibold leading-tight text-white sm:text-base">Value Betting Guide</span>
          </Link>
          <div className="flex items-center gap-2">
            <AuthButton />
            <button
              ref={toggleRef}
              type="button"
              className="inline-flex h-11 w-11 items-center justify-center rounded-md text-white hover:bg-white/10 lg:hidden"
              aria-expanded={open}
              aria-controls="mobile-menu"
              aria-label={open ? 'Close menu' : 'Open menu'}
              onClick={() => setOpen((o) => !o)}
            >
              {open ? <X className="h-6 w-6" aria-hidden="true" /> : <Menu className="h-6 w-6" aria-hidden="true" />}
            </button>
          </div>
        </div>

        <div className="hidden border-t border-white/10 bg-navy-950 lg:block">
          <ul className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-0.5 gap-y-1 px-2 py-1.5">
            {items.map((item) => (
              <li key={item.to} className={item === adminNavItem ? 'ml-auto' : undefined}>
                {item === adminNavItem ? (
                  <AdminLink variant="desktop" onNavigate={close} />
                ) : (
                  <NavEntry item={item} variant="desktop" signedIn={signedIn} onNavigate={close} />
                )}
              </li>
            ))}
          </ul>
        </div>

        <div id="mobile-menu" className={cn('border-t border-white/10 bg-navy-950 lg:hidden', !open && 'hidden')}>
          <ul className="mx-auto grid max-w-6xl gap-0.5 px-2 py-2">
            {items.map((item) => (
              <li key={item.to}>
                {item === adminNavItem ? (
                  <AdminLink variant="mobile" onNavigate={close} />
                ) : (
                  <NavEntry item={item} variant="mobile" signedIn={signedIn} onNavigate={close} />
                )}
              </li>
            ))}
          </ul>
        </div>
      </nav>
    </header>
  );
}

function AdminLink({ variant, onNavigate }: { variant: Variant; onNavigate: () => void }) {
  return (
    <NavLink
      to={adminNavItem.to}
      onClick={onNavigate}
      className={({ isActive }) =>
        cn(
          'flex items-center gap-1.5 rounded-md border border-white/30 font-medium text-white hover:bg-white/10',
          variant === 'desktop' ? 'min-h-10 px-2.5 text-sm' : 'min-h-12 px-3 text-base',
          isActive && 'bg-white/15',
        )
      }
    >
      <ShieldCheck className="h-4 w-4" aria-hidden="true" />
      {adminNavItem.label}
    </NavLink>
  );
}
