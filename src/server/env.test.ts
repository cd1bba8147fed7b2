import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

describe('configuration', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig({ LOCAL_CHECKOUT: 'true' }); // production without Stripe asks for the local checkout
    expect(c.PORT).toBe(5000);
    expect(c.DATA_DIR).toBe('./data');
    expect(c.SITE_NAME).toBe('VBG');
    expect(c.SEED_DEMO).toBe(true); // on by default with PGlite
    expect(c.secureCookies).toBe(false);
    expect(c.MAIL_WORKER).toBe(true); // sends only when SMTP_URL is set too
  });
  it('turns the demo seed off by default on PostgreSQL and derives the analyst surname', () => {
    const c = loadConfig({ DATABASE_URL: 'postgres://x@localhost/db', NODE_ENV: 'test', ANALYST_NAME: 'Jane  Doe-Smith' });
    expect(c.SEED_DEMO).toBe(false);
    expect(c.analystSurname).toBe('doesmith');
  });
  it('names each bad value in one message', () => {
    let message = '';
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ADMIN_EMAIL: 'not-an-email', SEED_DEMO: 'maybe' });
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      message = (e as Error).message;
    }
    expect(message).toMatch(/PORT/);
    expect(message).toMatch(/DATABASE_URL: must be a postgres/);
    expect(message).toMatch(/ADMIN_EMAIL: must be an e-mail address/);
    expect(message).toMatch(/SEED_DEMO: must be true or false/);
  });
  it('requires the Stripe companions when a Stripe key is set, and Secure cookies on https', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_PRICE_ID/);
    expect(loadConfig({ PUBLIC_URL: 'https://vbg.example', LOCAL_CHECKOUT: 'true' }).secureCookies).toBe(true);
  });
  it('offers the annual plan only with its price, and with Stripe only with its Stripe price too', () => {
    const local = { NODE_ENV: 'test' };
    expect(loadConfig(local).ANNUAL_PRICE_PENCE).toBeUndefined();
    expect(loadConfig({ ...local, ANNUAL_PRICE_PENCE: '14400' }).ANNUAL_PRICE_PENCE).toBe(14400);
    const refusal = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (e) {
        return (e as Error).message;
      }
      return '';
    };
    expect(refusal({ ...local, ANNUAL_PRICE_PENCE: '144.50' })).toMatch(/ANNUAL_PRICE_PENCE: must be a whole number of pence/);
    expect(refusal({ ...local, ANNUAL_PRICE_PENCE: 'lots' })).toMatch(/ANNUAL_PRICE_PENCE: must be a whole number of pence/);
    expect(refusal({ ...local, ANNUAL_PRICE_PENCE: '0' })).toMatch(/ANNUAL_PRICE_PENCE: must be at least 100/);
    const stripe = { ...local, STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_PRICE_ID: 'price_m' };
    expect(refusal({ ...stripe, ANNUAL_PRICE_PENCE: '14400' })).toMatch(/STRIPE_ANNUAL_PRICE_ID: required when ANNUAL_PRICE_PENCE is set/);
    expect(refusal({ ...stripe, STRIPE_ANNUAL_PRICE_ID: 'price_y' })).toMatch(/ANNUAL_PRICE_PENCE: required when STRIPE_ANNUAL_PRICE_ID is set/);
    expect(loadConfig({ ...stripe, ANNUAL_PRICE_PENCE: '14400', STRIPE_ANNUAL_PRICE_ID: 'price_y' })).toMatchObject({ ANNUAL_PRICE_PENCE: 14400, STRIPE_ANNUAL_PRICE_ID: 'price_y' });
  });
});
