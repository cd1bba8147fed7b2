import { createElement, lazy, useState, type ComponentType } from 'react';
import type { MemberGateProps } from '../components/member-gate';

/** A page that loads its code on demand, and can be loaded ahead of rendering (server render, hydration). */
type PageComponent<P extends object = object> = ComponentType<P> & { preload?: () => Promise<void> };

export interface PageEntry {
  component: PageComponent;
  /** For 'auth' routes: finishes "Please sign in to access …" on the gate. */
  feature?: string;
  /** Needs member access (subscription, admin or open access), not only a signed-in account. */
  members?: boolean;
  /**
   * Rendered on the server with its data and hydrated (decisions 0020 and 0052). Its queries run
   * on the server as the person asking, through the API routes' own access rules
   * (entry-server.tsx), so a page shows in HTML exactly what the API would give that person; a
   * query whose data must never be in HTML says so with `meta: { ssr: false }`.
   */
  ssr?: boolean;
  /**
   * A members' page whose content is the same for every member of a day (the tips, the cards,
   * the board): the server renders it once per content and kind of member, and adds each
   * member's own details to the copy it sends (src/server/pages/member-pages.ts).
   */
  sameForEveryMember?: boolean;
}

/**
 * Each page is its own chunk (React.lazy of a module's named export). Once `preload()` has run,
 * the page renders directly instead of through lazy, so a server render or a hydration never
 * suspends on its code (a suspended hydration would hydrate the page after its data's first
 * render, or show the fallback without JavaScript).
 */
function page<K extends string, P extends object = object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): PageComponent<P> {
  let loaded: ComponentType<P> | null = null;
  const preload = async () => {
    loaded ??= (await load())[name];
  };
  const Lazy = lazy<ComponentType<P>>(async () => {
    await preload();
    return { default: loaded! };
  });
  // Chosen once per mount: switching from Lazy to the loaded component later would remount the page.
  function Page(props: P) {
    const [component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(component, props);
  }
  return Object.assign(Page, { preload });
}

/**
 * Page component of each pattern in shared/paths.ts `pageRoutes` (which decides public vs auth).
 * Every page is its own chunk, home included (the shell preloads a public page's chunks, and a
 * server-rendered page loads its chunk before hydrating): no page carries another's code.
 */
export const pageEntries: Record<string, PageEntry> = {
  '/': { component: page(() => import('../features/home/home-page'), 'HomePage'), ssr: true },
  '/about': { component: page(() => import('../features/about/about-page'), 'AboutPage'), ssr: true },
  '/news-and-views': {
    component: page(() => import('../features/articles/news-and-views-page'), 'NewsAndViewsPage'),
    ssr: true,
  },
  '/news-and-views/:slug': {
    component: page(() => import('../features/articles/article-page'), 'ArticlePage'),
    ssr: true,
  },
  '/resources': { component: page(() => import('../features/resources/resources-page'), 'ResourcesPage'), ssr: true },
  '/resources/:slug': {
    component: page(() => import('../features/resources/resource-article-page'), 'ResourceArticlePage'),
    ssr: true,
  },
  '/back-catalogue': {
    component: page(() => import('../features/back-catalogue/back-catalogue-page'), 'BackCataloguePage'),
    ssr: true,
  },
  '/free-race': { component: page(() => import('../features/free-race/free-race-page'), 'FreeRacePage'), ssr: true },
  '/getting-started': {
    component: page(() => import('../features/getting-started/getting-started-page'), 'GettingStartedPage'),
    ssr: true,
  },
  '/tips/:date': {
    component: page(() => import('../features/tips/historical-tips-page'), 'HistoricalTipsPage'),
    ssr: true,
  },
  '/results': { component: page(() => import('../features/performance/results-page'), 'ResultsPage'), ssr: true },
  '/value-calibration': {
    component: page(() => import('../features/race-results/calibration-page'), 'CalibrationPage'),
    ssr: true,
  },
  '/record': { component: page(() => import('../features/proofing/record-page'), 'RecordPage'), ssr: true },
  '/terms': { component: page(() => import('../features/legal/terms-page'), 'TermsPage'), ssr: true },
  '/privacy': { component: page(() => import('../features/legal/privacy-page'), 'PrivacyPage'), ssr: true },
  '/responsible-gambling': {
    component: page(() => import('../features/legal/responsible-gambling-page'), 'ResponsibleGamblingPage'),
    ssr: true,
  },
  '/login': { component: page(() => import('../features/auth/login-page'), 'LoginPage'), ssr: true },
  '/register': { component: page(() => import('../features/auth/register-page'), 'RegisterPage'), ssr: true },
  '/forgot-password': {
    component: page(() => import('../features/auth/forgot-password-page'), 'ForgotPasswordPage'),
    ssr: true,
  },
  '/reset-password': { component: page(() => import('../features/auth/reset-password-page'), 'ResetPasswordPage') },
  '/subscribe': { component: page(() => import('../features/billing/subscribe-page'), 'SubscribePage'), ssr: true },
  '/payment-success': {
    component: page(() => import('../features/billing/payment-success-page'), 'PaymentSuccessPage'),
    ssr: true,
  },
  '/set-password': {
    component: page(() => import('../features/billing/set-password-page'), 'SetPasswordPage'),
    ssr: true,
  },
  '/premium-access': {
    component: page(() => import('../features/billing/premium-access-page'), 'PremiumAccessPage'),
    ssr: true,
  },
  '/unsubscribe': { component: page(() => import('../features/mail/unsubscribe-page'), 'UnsubscribePage') },
  '/tips': {
    component: page(() => import('../features/tips/tips-page'), 'TipsPage'),
    feature: 'daily tips',
    members: true,
    ssr: true,
    sameForEveryMember: true,
  },
  '/vbg-race-cards': {
    component: page(() => import('../features/race-cards/race-cards-page'), 'RaceCardsPage'),
    feature: 'VBG race cards',
    members: true,
    ssr: true,
    sameForEveryMember: true,
  },
  '/value-now': {
    component: page(() => import('../features/value-board/value-now-page'), 'ValueNowPage'),
    feature: 'the value board',
    members: true,
    ssr: true,
    sameForEveryMember: true,
  },
  '/golf': {
    component: page(() => import('../features/golf/golf-page'), 'GolfPage'),
    feature: 'golf analysis',
    members: true,
  },
  '/vb-generator': {
    component: page(() => import('../features/generator/generator-page'), 'GeneratorPage'),
    feature: 'the VB odds generator',
    members: true,
  },
  '/my-bets': {
    component: page(() => import('../features/my-bets/my-bets-page'), 'MyBetsPage'),
    feature: 'your bet log',
    members: true,
  },
  '/my-account': {
    component: page(() => import('../features/account/account-page'), 'AccountPage'),
    feature: 'your account',
    ssr: true,
  },
  // Any signed-in account reaches the panel; it shows non-admins "Admin Access Required" itself.
  '/admin': { component: page(() => import('../features/admin/admin-page'), 'AdminPage'), feature: 'the admin panel' },
};

/**
 * The gates of the members' addresses (signed out; signed in without membership): loaded only on
 * those addresses, so public pages never download them, and preloaded like a page before a server
 * render or a hydration of one.
 */
export const memberGates = {
  SignedOutGate: page<'SignedOutGate', { feature: string }>(() => import('../components/member-gate'), 'SignedOutGate'),
  MemberGate: page<'MemberGate', MemberGateProps>(() => import('../components/member-gate'), 'MemberGate'),
};
