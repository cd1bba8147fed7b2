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
    const c = loadConfig({
      DATABASE_URL: 'postgres://x@localhost/db',
      NODE_ENV: 'test',
      ANALYST_NAME: 'Jane  Doe-Smith',
    });
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
  it('serves metrics only on a port of their own, and only when METRICS_PORT is set', () => {
    const base = { NODE_ENV: 'test', PORT: '5000' };
    expect(loadConfig(base).METRICS_PORT).toBeUndefined();
    expect(loadConfig({ ...base, METRICS_PORT: '' }).METRICS_PORT).toBeUndefined();
    expect(loadConfig({ ...base, METRICS_PORT: '9464' }).METRICS_PORT).toBe(9464);
    expect(loadConfig({ ...base, PORT: '0', METRICS_PORT: '0' }).METRICS_PORT).toBe(0); // any free port, each its own
    expect(() => loadConfig({ ...base, METRICS_PORT: '5000' })).toThrow(/METRICS_PORT: must differ from PORT/);
    expect(() => loadConfig({ ...base, METRICS_PORT: 'ninety' })).toThrow(/METRICS_PORT: must be a port number/);
    expect(() => loadConfig({ ...base, METRICS_PORT: '70000' })).toThrow(/METRICS_PORT: must be a port number/);
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
    expect(refusal({ ...local, ANNUAL_PRICE_PENCE: '144.50' })).toMatch(
      /ANNUAL_PRICE_PENCE: must be a whole number of pence/,
    );
    expect(refusal({ ...local, ANNUAL_PRICE_PENCE: 'lots' })).toMatch(
      /ANNUAL_PRICE_PENCE: must be a whole number of pence/,
    );
    expect(refusal({ ...local, ANNUAL_PRICE_PENCE: '0' })).toMatch(/ANNUAL_PRICE_PENCE: must be at least 100/);
    const stripe = {
      ...local,
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PRICE_ID: 'price_m',
    };
    expect(refusal({ ...stripe, ANNUAL_PRICE_PENCE: '14400' })).toMatch(
      /STRIPE_ANNUAL_PRICE_ID: required when ANNUAL_PRICE_PENCE is set/,
    );
    expect(refusal({ ...stripe, STRIPE_ANNUAL_PRICE_ID: 'price_y' })).toMatch(
      /ANNUAL_PRICE_PENCE: required when STRIPE_ANNUAL_PRICE_ID is set/,
    );
    expect(loadConfig({ ...stripe, ANNUAL_PRICE_PENCE: '14400', STRIPE_ANNUAL_PRICE_ID: 'price_y' })).toMatchObject({
      ANNUAL_PRICE_PENCE: 14400,
      STRIPE_ANNUAL_PRICE_ID: 'price_y',
    });
  });
});

describe('price and result feeds', () => {
  it('default to manual only, with Betfair and The Racing API addresses and intervals', () => {
    const c = loadConfig({ NODE_ENV: 'test' });
    expect(c.RACING_DATA_PROVIDERS).toEqual(['manual']);
    expect(c.BSP_BASE_URL).toBe('https://promo.betfair.com/betfairsp/prices');
    expect(c.BSP_COUNTRIES).toEqual(['uk', 'ire']);
    expect(c.RACING_API_BASE_URL).toBe('https://api.theracingapi.com');
    expect(c.RACING_API_REGIONS).toEqual(['gb', 'ire']);
    expect([c.BSP_POLL_SECONDS, c.RACING_API_POLL_SECONDS]).toEqual([1800, 300]);
  });
  it('reads a list of feeds, and requires The Racing API credentials with it', () => {
    const c = loadConfig({
      NODE_ENV: 'test',
      RACING_DATA_PROVIDERS: ' BSP , racing-api,bsp',
      RACING_API_USERNAME: 'u',
      RACING_API_PASSWORD: 'p',
      RACING_API_REGIONS: 'GB, ire',
    });
    expect(c.RACING_DATA_PROVIDERS).toEqual(['bsp', 'racing-api']);
    expect(c.RACING_API_REGIONS).toEqual(['gb', 'ire']);
    expect(() =>
      loadConfig({ NODE_ENV: 'test', RACING_DATA_PROVIDERS: 'racing-api', RACING_API_USERNAME: 'u' }),
    ).toThrow(/RACING_API_PASSWORD: required when RACING_DATA_PROVIDERS includes racing-api/);
  });
  it('names a bad feed setting', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', RACING_DATA_PROVIDERS: 'bsp,sporting-life' })).toThrow(
      /RACING_DATA_PROVIDERS: must be a comma-separated list of manual, bsp, racing-api/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', BSP_COUNTRIES: 'usa' })).toThrow(
      /BSP_COUNTRIES: must be a comma-separated list of uk, ire/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', RACING_API_POLL_SECONDS: '0' })).toThrow(
      /RACING_API_POLL_SECONDS: must be at least 1 second/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', BSP_BASE_URL: 'not a url' })).toThrow(/BSP_BASE_URL: must be a URL/);
    expect(() => loadConfig({ NODE_ENV: 'test', RACING_API_BOOKMAKER: 'Betfair Exchange' })).toThrow(
      /RACING_API_BOOKMAKER: names an exchange \(Betfair Exchange\), not a bookmaker/,
    );
    expect(loadConfig({ NODE_ENV: 'test', RACING_API_BOOKMAKER: 'William Hill' }).RACING_API_BOOKMAKER).toBe(
      'William Hill',
    );
    expect(() => loadConfig({ NODE_ENV: 'test', RACING_API_REGIONS: 'gb;ire' })).toThrow(
      /RACING_API_REGIONS: must be a comma-separated list of region codes/,
    );
  });

  it('asks for the CA and the lodgement address with a time-stamp authority, and bounds the record settings', () => {
    const defaults = loadConfig({ NODE_ENV: 'test' });
    expect([defaults.PROOFING_BANK_POINTS, defaults.RECORD_CLAIMS_MIN_TIPS]).toEqual([100, 100]);
    expect(defaults.PROOFING_TSA_URL).toBeUndefined();
    expect(() => loadConfig({ NODE_ENV: 'test', PROOFING_TSA_URL: 'http://tsa.example/ts' })).toThrow(
      /PROOFING_TSA_CA: required when PROOFING_TSA_URL is set[\s\S]*PROOFING_EMAIL: required when PROOFING_TSA_URL is set/,
    );
    const full = loadConfig({
      NODE_ENV: 'test',
      PROOFING_TSA_URL: 'http://tsa.example/ts',
      PROOFING_TSA_CA: '/etc/vbg/tsa-ca.pem',
      PROOFING_EMAIL: 'proofs@solicitor.example',
    });
    expect(full.PROOFING_EMAIL).toBe('proofs@solicitor.example');
    expect(() => loadConfig({ NODE_ENV: 'test', PROOFING_EMAIL: 'nobody' })).toThrow(
      /PROOFING_EMAIL: must be an e-mail address/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', RECORD_CLAIMS_MIN_TIPS: '0' })).toThrow(
      /RECORD_CLAIMS_MIN_TIPS: must be at least 1 tip/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', PROOFING_BANK_POINTS: 'lots' })).toThrow(
      /PROOFING_BANK_POINTS: must be a whole number of points/,
    );
  });
});
