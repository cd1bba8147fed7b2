import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { HomePage } from '../features/home/home-page';

export interface PageEntry {
  component: ComponentType | LazyExoticComponent<ComponentType>;
  /** For 'auth' routes: finishes "Please sign in to access …" on the gate. */
  feature?: string;
  /** Needs member access (subscription, admin or open access), not only a signed-in account. */
  members?: boolean;
}

/** React.lazy for a module's named export: each page is its own chunk, loaded when opened. */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): LazyExoticComponent<ComponentType> {
  return lazy<ComponentType>(async () => ({ default: (await load())[name] }));
}

/**
 * Page component of each pattern in shared/paths.ts `pageRoutes` (which decides public vs auth).
 * Only the home page is in the main bundle; the rest load on demand so public pages stay light.
 */
export const pageEntries: Record<string, PageEntry> = {
  '/': { component: HomePage },
  '/about': { component: page(() => import('../features/about/about-page'), 'AboutPage') },
  '/news-and-views': { component: page(() => import('../features/articles/news-and-views-page'), 'NewsAndViewsPage') },
  '/news-and-views/:slug': { component: page(() => import('../features/articles/article-page'), 'ArticlePage') },
  '/resources': { component: page(() => import('../features/resources/resources-page'), 'ResourcesPage') },
  '/resources/:slug': { component: page(() => import('../features/resources/resource-article-page'), 'ResourceArticlePage') },
  '/back-catalogue': { component: page(() => import('../features/back-catalogue/back-catalogue-page'), 'BackCataloguePage') },
  '/free-race': { component: page(() => import('../features/free-race/free-race-page'), 'FreeRacePage') },
  '/getting-started': { component: page(() => import('../features/getting-started/getting-started-page'), 'GettingStartedPage') },
  '/tips/:date': { component: page(() => import('../features/tips/historical-tips-page'), 'HistoricalTipsPage') },
  '/results': { component: page(() => import('../features/performance/results-page'), 'ResultsPage') },
  '/login': { component: page(() => import('../features/auth/login-page'), 'LoginPage') },
  '/register': { component: page(() => import('../features/auth/register-page'), 'RegisterPage') },
  '/forgot-password': { component: page(() => import('../features/auth/forgot-password-page'), 'ForgotPasswordPage') },
  '/reset-password': { component: page(() => import('../features/auth/reset-password-page'), 'ResetPasswordPage') },
  '/subscribe': { component: page(() => import('../features/billing/subscribe-page'), 'SubscribePage') },
  '/payment-success': { component: page(() => import('../features/billing/payment-success-page'), 'PaymentSuccessPage') },
  '/set-password': { component: page(() => import('../features/billing/set-password-page'), 'SetPasswordPage') },
  '/premium-access': { component: page(() => import('../features/billing/premium-access-page'), 'PremiumAccessPage') },
  '/unsubscribe': { component: page(() => import('../features/mail/unsubscribe-page'), 'UnsubscribePage') },
  '/tips': { component: page(() => import('../features/tips/tips-page'), 'TipsPage'), feature: 'daily tips', members: true },
  '/vbg-race-cards': {
    component: page(() => import('../features/race-cards/race-cards-page'), 'RaceCardsPage'),
    feature: 'VBG race cards',
    members: true,
  },
  '/golf': { component: page(() => import('../features/golf/golf-page'), 'GolfPage'), feature: 'golf analysis', members: true },
  '/vb-generator': {
    component: page(() => import('../features/generator/generator-page'), 'GeneratorPage'),
    feature: 'the VB odds generator',
    members: true,
  },
  '/my-account': { component: page(() => import('../features/account/account-page'), 'AccountPage'), feature: 'your account' },
  // Any signed-in account reaches the panel; it shows non-admins "Admin Access Required" itself.
  '/admin': { component: page(() => import('../features/admin/admin-page'), 'AdminPage'), feature: 'the admin panel' },
};
