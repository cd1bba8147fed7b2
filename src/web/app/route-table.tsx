import { createElement, lazy, useState, type ComponentType } from 'react';

/** A page that loads its code on demand, and can be loaded ahead of rendering (server render, hydration). */
type PageComponent = ComponentType & { preload?: () => Promise<void> };

export interface PageEntry {
  component: PageComponent;
  /** For 'auth' routes: finishes "Please sign in to access …" on the gate. */
  feature?: string;
  /** Needs member access (subscription, admin or open access), not only a signed-in account. */
  members?: boolean;
  /**
   * Rendered on the server with its data and hydrated (decision 0020): public pages only. Its
   * queries run on the server through the API routes (entry-server.tsx); a query whose data must
   * never be in HTML (members' or dated paid content) says so with `meta: { ssr: false }`.
   */
  ssr?: boolean;
}

/**
 * Each page is its own chunk (React.lazy of a module's named export). Once `preload()` has run,
 * the page renders directly instead of through lazy, so a server render or a hydration never
 * suspends on its code (a suspended hydration would hydrate the page after its data's first
 * render, or show the fallback without JavaScript).
 */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): PageComponent {
  let loaded: ComponentType | null = null;
  const preload = async () => {
    loaded ??= (await load())[name];
  };
  const Lazy = lazy<ComponentType>(async () => {
    await preload();
    return { default: loaded! };
  });
  // Chosen once per mount: switching from Lazy to the loaded component later would remount the page.
  function Page() {
    const [component] = useState<ComponentType>(() => loaded ?? Lazy);
    return createElement(component);
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
  '/terms': { component: page(() => import('../features/legal/terms-page'), 'TermsPage'), ssr: true },
  '/privacy': { component: page(() => import('../features/legal/privacy-page'), 'PrivacyPage'), ssr: true },
  '/responsible-gambling': {
    component: page(() => import('../features/legal/responsible-gambling-page'), 'ResponsibleGamblingPage'),
    ssr: true,
  },
  '/login': { component: page(() => import('../features/auth/login-page'), 'LoginPage'), ssr: true },
  '/register': { component: page(() => import('../features/auth/register-page'), 'RegisterPage') },
  '/forgot-password': { component: page(() => import('../features/auth/forgot-password-page'), 'ForgotPasswordPage') },
  '/reset-password': { component: page(() => import('../features/auth/reset-password-page'), 'ResetPasswordPage') },
  '/subscribe': { component: page(() => import('../features/billing/subscribe-page'), 'SubscribePage'), ssr: true },
  '/payment-success': {
    component: page(() => import('../features/billing/payment-success-page'), 'PaymentSuccessPage'),
  },
  '/set-password': { component: page(() => import('../features/billing/set-password-page'), 'SetPasswordPage') },
  '/premium-access': {
    component: page(() => import('../features/billing/premium-access-page'), 'PremiumAccessPage'),
    ssr: true,
  },
  '/unsubscribe': { component: page(() => import('../features/mail/unsubscribe-page'), 'UnsubscribePage') },
  '/tips': {
    component: page(() => import('../features/tips/tips-page'), 'TipsPage'),
    feature: 'daily tips',
    members: true,
  },
  '/vbg-race-cards': {
    component: page(() => import('../features/race-cards/race-cards-page'), 'RaceCardsPage'),
    feature: 'VBG race cards',
    members: true,
  },
  '/value-now': {
    component: page(() => import('../features/value-board/value-now-page'), 'ValueNowPage'),
    feature: 'the value board',
    members: true,
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
  },
  // Any signed-in account reaches the panel; it shows non-admins "Admin Access Required" itself.
  '/admin': { component: page(() => import('../features/admin/admin-page'), 'AdminPage'), feature: 'the admin panel' },
};
