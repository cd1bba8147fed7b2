import type { AppConfig } from './env';
import type { PublicConfig } from '#shared/public-config';

/** The settings the browser may know; injected into the page shell and served at /api/config. */
export function publicConfig(config: AppConfig): PublicConfig {
  return {
    siteName: config.SITE_NAME,
    supportEmail: config.SUPPORT_EMAIL,
    discountCode: config.DEFAULT_DISCOUNT_CODE,
    analystName: config.ANALYST_NAME,
    analystSurname: config.analystSurname,
    paymentsProvider: config.STRIPE_SECRET_KEY ? 'stripe' : 'local',
    annualPricePence: config.ANNUAL_PRICE_PENCE ?? null,
  };
}
