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

describe('what slipped through before', () => {
  const refusal = (env: Record<string, string>) => {
    try {
      loadConfig({ NODE_ENV: 'test', ...env });
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      return (e as Error).message;
    }
    return '';
  };

  it('takes PUBLIC_URL only as an http(s) origin with no path', () => {
    expect(loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://vbg.example/' }).PUBLIC_URL).toBe('https://vbg.example');
    expect(loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:5000' }).PUBLIC_URL).toBe(
      'http://localhost:5000',
    );
    expect(refusal({ PUBLIC_URL: 'ftp://vbg.example' })).toMatch(/PUBLIC_URL: must be an http:\/\/ or https:\/\//);
    for (const bad of ['https://vbg.example/site', 'https://vbg.example/?x=1', 'https://u:p@vbg.example'])
      expect(refusal({ PUBLIC_URL: bad }), bad).toMatch(/PUBLIC_URL: must be the site's origin alone/);
    expect(refusal({ PUBLIC_URL: 'vbg.example' })).toMatch(/PUBLIC_URL: must be an absolute URL/);
  });

  it('takes MAIL_FROM as an address, with or without a display name', () => {
    for (const good of ['tips@vbg.example', 'VBG <tips@vbg.example>', '"VBG Tips" <tips@vbg.example>'])
      expect(loadConfig({ NODE_ENV: 'test', MAIL_FROM: good }).MAIL_FROM, good).toBe(good);
    for (const bad of ['VBG Tips', 'VBG <tips>', '"VBG" tips@vbg.example', 'a@b.example, c@d.example', '<>'])
      expect(refusal({ MAIL_FROM: bad }), bad).toMatch(/MAIL_FROM: must be an e-mail address, optionally with a name/);
  });

  it('takes STRIPE_INVOICE_PRICES only as name=price_… pairs', () => {
    expect(
      loadConfig({ NODE_ENV: 'test', STRIPE_INVOICE_PRICES: 'phase3=price_abc, phase2 = price_D_1' })
        .STRIPE_INVOICE_PRICES,
    ).toBe('phase3=price_abc, phase2 = price_D_1');
    for (const bad of [
      'phase3',
      'phase3=',
      'phase3=prod_abc',
      'phase3=price_abc;phase2=price_def',
      'phase3=price_abc,',
    ])
      expect(refusal({ STRIPE_INVOICE_PRICES: bad }), bad).toMatch(/STRIPE_INVOICE_PRICES: must be name=price_… pairs/);
  });

  it('takes HOST as an IP address or a host name', () => {
    for (const good of ['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost', 'vbg-1.internal'])
      expect(loadConfig({ NODE_ENV: 'test', HOST: good }).HOST, good).toBe(good);
    for (const bad of ['http://0.0.0.0', '0.0.0.0:5000', 'my host', '-bad.example', '[::1]'])
      expect(refusal({ HOST: bad }), bad).toMatch(/HOST: must be an IP address/);
  });
});

describe('demo content', () => {
  it('is seeded only where nobody pays: asked for, or on PGlite with the local checkout; never beside Stripe', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_PRICE_ID: 'price_m' };
    expect(loadConfig({ LOCAL_CHECKOUT: 'true' }).SEED_DEMO).toBe(true); // production, the README's first start
    expect(loadConfig({ NODE_ENV: 'development' }).SEED_DEMO).toBe(true);
    expect(loadConfig(stripe).SEED_DEMO).toBe(false); // production PGlite with real keys
    expect(loadConfig({ ...stripe, NODE_ENV: 'development' }).SEED_DEMO).toBe(false);
    expect(loadConfig({ ...stripe, SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
    expect(() => loadConfig({ ...stripe, SEED_DEMO: 'true' })).toThrow(
      /SEED_DEMO: must not be on when STRIPE_SECRET_KEY is set/,
    );
    expect(loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'postgres://x@h/db', SEED_DEMO: '1' }).SEED_DEMO).toBe(true);
  });
});
