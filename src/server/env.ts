import net from 'node:net';
import { z } from 'zod';
import { DEFAULT_RENEWAL_NOTICE_DAYS } from '#shared/subscription-notices';
import { DEFAULT_PAYMENT_GRACE_DAYS } from '#shared/subscription';
import { DEFAULT_PUSH_SERVICE_HOSTS, isPushHostPattern } from '#shared/alerts';
import { isExchange } from '#shared/racing-feeds';

/**
 * Configuration comes only from the environment (secrets never live in the repo).
 * Every value is validated at start so a bad deployment fails at once with a message
 * naming the variable, instead of misbehaving later.
 */
const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const booleanFlag = z.preprocess(
  emptyToUndefined,
  z
    .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], { message: 'must be true or false' })
    .transform((v) => ['1', 'true', 'yes', 'on'].includes(v))
    .optional(),
);

/** A comma-separated list of names from a fixed set ("bsp,racing-api"), spaces and case ignored. */
const nameList = <T extends string>(names: readonly T[], fallback: string) =>
  z.preprocess(
    (v) => (emptyToUndefined(v) ?? fallback) as string,
    z
      .string()
      .transform((v) => [
        ...new Set(
          v
            .split(',')
            .map((n) => n.trim().toLowerCase())
            .filter(Boolean),
        ),
      ])
      .refine((list) => list.length > 0 && list.every((n) => (names as readonly string[]).includes(n)), {
        message: `must be a comma-separated list of ${names.join(', ')}`,
      })
      .transform((list) => list as T[]),
  );
const seconds = (fallback: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: 'must be a whole number of seconds' })
      .int('must be a whole number of seconds')
      .min(1, 'must be at least 1 second')
      .max(86_400, 'must be at most 86400 seconds (a day)')
      .default(fallback),
  );

/** Where price and result feeds come from (src/server/providers/racing-data): `manual` needs nothing. */
const RACING_DATA_PROVIDERS = ['manual', 'bsp', 'racing-api'] as const;
const BSP_COUNTRIES = ['uk', 'ire'] as const;

/** A whole number of days within a range. */
const dayCount = (min: number, max: number, fallback: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: `must be a whole number of days from ${min} to ${max}` })
      .int(`must be a whole number of days from ${min} to ${max}`)
      .min(min, `must be a whole number of days from ${min} to ${max}`)
      .max(max, `must be a whole number of days from ${min} to ${max}`)
      .default(fallback),
  );

/**
 * The push services' hosts a member's subscription may name: `host` (https only), `*.domain` (any
 * host below it, https only), or a full `http(s)://host:port` origin (a local push service in tests).
 */
const pushHostList = z.preprocess(
  (v) => (emptyToUndefined(v) ?? DEFAULT_PUSH_SERVICE_HOSTS) as string,
  z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((list) => list.length > 0 && list.every(isPushHostPattern), {
      message:
        'must be a comma-separated list of hosts (fcm.googleapis.com), *.domain patterns or http(s)://host:port origins',
    }),
);

/** A host name as DNS writes it (`localhost`, `vbg.internal`): letters, digits and inner hyphens per label. */
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/** An e-mail address alone, or with a display name: `tips@vbg.example`, `VBG <tips@vbg.example>`, `"VBG Tips" <tips@vbg.example>`. */
const MAIL_FROM_FORM = /^(?:(?:"[^"\r\n]*"|[^"<>\r\n]*?)\s*<([^<>\s]+)>|([^<>\s"]+))$/;
const isEmail = (v: string) => z.email().safeParse(v).success;

/** `name=price_id` pairs, comma-separated: the tiers invoice links are made on (invoice-links/invoice-link.ts). */
const INVOICE_PRICES_FORM =
  /^\s*[A-Za-z0-9_-]+\s*=\s*price_[A-Za-z0-9_]+\s*(,\s*[A-Za-z0-9_-]+\s*=\s*price_[A-Za-z0-9_]+\s*)*$/;

/** A TCP port, 0 meaning any free one. */
const portNumber = z.coerce
  .number({ message: 'must be a port number' })
  .int('must be a port number')
  .min(0, 'must be a port number')
  .max(65535, 'must be a port number');

const envSchema = z.object({
  NODE_ENV: z.preprocess(emptyToUndefined, z.enum(['development', 'production', 'test']).default('production')),
  PORT: z.preprocess(emptyToUndefined, portNumber.default(5000)),
  // The address the server listens on: an IP address (0.0.0.0, ::, 127.0.0.1) or a host name.
  HOST: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((v) => net.isIP(v) !== 0 || HOST_NAME.test(v), {
        message: 'must be an IP address (0.0.0.0, ::, 127.0.0.1) or a host name such as localhost',
      })
      .default('0.0.0.0'),
  ),
  // The Prometheus scrape endpoint's own port (GET /metrics, on HOST's address); unset: no metrics served.
  METRICS_PORT: z.preprocess(emptyToUndefined, portNumber.optional()),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  SESSION_SECRET: optionalString,
  // The site's origin: links in e-mails and pages are made by appending paths to it.
  PUBLIC_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({ message: 'must be an absolute URL such as https://example.com', abort: true })
      .refine((v) => /^https?:$/.test(new URL(v).protocol), {
        message: 'must be an http:// or https:// address',
        abort: true,
      })
      .refine(
        (v) => {
          const u = new URL(v);
          return u.pathname === '/' && !u.search && !u.hash && !u.username && !u.password;
        },
        { message: "must be the site's origin alone, with no path, query or credentials, such as https://vbg.example" },
      )
      .transform((v) => new URL(v).origin)
      .optional(),
  ),
  /** A CDN's purge hook: POSTed the surrogate keys of the visitor pages a write changed (decision 0060). */
  PURGE_URL: z.preprocess(emptyToUndefined, z.url({ message: 'must be a URL' }).optional()),
  /**
   * nginx's address as this instance reaches it (e.g. http://127.0.0.1:80): the visitor pages a
   * write changed are fetched again through it with the refresh header, replacing nginx's cached copies.
   */
  CACHE_REFRESH_URL: z.preprocess(emptyToUndefined, z.url({ message: 'must be a URL' }).optional()),
  ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email({ message: 'must be an e-mail address' }).optional()),
  ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(6, 'must be at least 6 characters').optional()),
  SEED_DEMO: booleanFlag,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PRICE_ID: optionalString,
  STRIPE_API_BASE: z.preprocess(emptyToUndefined, z.url({ message: 'must be a URL' }).optional()),
  STRIPE_INVOICE_PRICES: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        INVOICE_PRICES_FORM,
        'must be name=price_… pairs separated by commas, such as phase3=price_abc,phase2=price_def',
      )
      .optional(),
  ),
  STRIPE_ANNUAL_PRICE_ID: optionalString,
  // The annual plan's price in pence (e.g. 14400 for £144.00); the plan is offered only when set.
  ANNUAL_PRICE_PENCE: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: 'must be a whole number of pence, such as 14400' })
      .int('must be a whole number of pence, such as 14400')
      .min(100, 'must be at least 100 (£1.00)')
      .max(1_000_000, 'must be at most 1000000 (£10,000.00)')
      .optional(),
  ),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(
        (v) => {
          const m = MAIL_FROM_FORM.exec(v.trim());
          return m !== null && isEmail(m[1] ?? m[2]);
        },
        { message: 'must be an e-mail address, optionally with a name: "VBG Tips" <tips@vbg.example>' },
      )
      .optional(),
  ),
  MAIL_WORKER: booleanFlag,
  SITE_NAME: z.preprocess(emptyToUndefined, z.string().default('VBG')),
  SUPPORT_EMAIL: z.preprocess(
    emptyToUndefined,
    z.email({ message: 'must be an e-mail address' }).default('support@vbg.example'),
  ),
  ANALYST_NAME: z.preprocess(emptyToUndefined, z.string().default('Sam Hartley')),
  DEFAULT_DISCOUNT_CODE: z.preprocess(emptyToUndefined, z.string().default('VALUE25')),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  TRUST_PROXY: booleanFlag,
  LOCAL_CHECKOUT: booleanFlag,
  WARM_UP: booleanFlag,
  RACING_DATA_PROVIDERS: nameList(RACING_DATA_PROVIDERS, 'manual'),
  BSP_BASE_URL: z.preprocess(
    emptyToUndefined,
    z.url({ message: 'must be a URL' }).default('https://promo.betfair.com/betfairsp/prices'),
  ),
  BSP_COUNTRIES: nameList(BSP_COUNTRIES, 'uk,ire'),
  BSP_POLL_SECONDS: seconds(1800),
  RACING_API_BASE_URL: z.preprocess(
    emptyToUndefined,
    z.url({ message: 'must be a URL' }).default('https://api.theracingapi.com'),
  ),
  RACING_API_USERNAME: optionalString,
  RACING_API_PASSWORD: optionalString,
  RACING_API_REGIONS: z.preprocess(
    (v) => (emptyToUndefined(v) ?? 'gb,ire') as string,
    z
      .string()
      .regex(/^\s*[a-z]{2,4}(\s*,\s*[a-z]{2,4})*\s*$/i, 'must be a comma-separated list of region codes, like gb,ire')
      .transform((v) => v.split(',').map((r) => r.trim().toLowerCase())),
  ),
  RACING_API_BOOKMAKER: optionalString,
  RACING_API_POLL_SECONDS: seconds(300),
  // Web Push (member alerts): the VAPID key pair and its contact, all three or none (push off).
  VAPID_PUBLIC_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'must be the base64url public key printed by: npx web-push generate-vapid-keys')
      .optional(),
  ),
  VAPID_PRIVATE_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'must be the base64url private key printed by: npx web-push generate-vapid-keys')
      .optional(),
  ),
  VAPID_SUBJECT: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/,
        'must be a mailto: address or an https:// URL where a push service can reach you',
      )
      .optional(),
  ),
  // Where members' browsers may point their push endpoints (the server POSTs there).
  PUSH_SERVICE_HOSTS: pushHostList,
  // The proofed record: an RFC 3161 time-stamp authority, the CA its tokens must chain to (a PEM
  // file), and the independent address every day's receipts are lodged with by e-mail.
  PROOFING_TSA_URL: z.preprocess(emptyToUndefined, z.url({ message: 'must be a URL' }).optional()),
  PROOFING_TSA_CA: optionalString,
  PROOFING_EMAIL: z.preprocess(emptyToUndefined, z.email({ message: 'must be an e-mail address' }).optional()),
  // The bank (in points) the record's drawdowns are stated against.
  PROOFING_BANK_POINTS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: 'must be a whole number of points' })
      .int('must be a whole number of points')
      .min(10, 'must be at least 10 points')
      .max(100_000, 'must be at most 100000 points')
      .default(100),
  ),
  // No profit, ROI or strike-rate claim is made before this many proofed tips are settled.
  RECORD_CLAIMS_MIN_TIPS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: 'must be a whole number of tips' })
      .int('must be a whole number of tips')
      .min(1, 'must be at least 1 tip')
      .max(100_000, 'must be at most 100000 tips')
      .default(100),
  ),
  PAYMENT_GRACE_DAYS: dayCount(0, 28, DEFAULT_PAYMENT_GRACE_DAYS),
  RENEWAL_NOTICE_DAYS: dayCount(1, 60, DEFAULT_RENEWAL_NOTICE_DAYS),
});

type RawEnv = z.infer<typeof envSchema>;

export interface AppConfig extends Omit<
  RawEnv,
  'SEED_DEMO' | 'TRUST_PROXY' | 'MAIL_WORKER' | 'LOCAL_CHECKOUT' | 'WARM_UP'
> {
  SEED_DEMO: boolean;
  /** The built-in local checkout, enabled on purpose (required for it in production, on any database). */
  LOCAL_CHECKOUT: boolean;
  TRUST_PROXY: boolean;
  /** Whether this instance sends queued mail (only when SMTP_URL is set too). */
  MAIL_WORKER: boolean;
  /** Whether main.ts warms the request path up before the first ready (warm-up.ts); on in production. */
  WARM_UP: boolean;
  /** Whether cookies must carry the Secure flag (PUBLIC_URL is https). */
  secureCookies: boolean;
  /** Surname of the analyst, lower case: names the verdict upload path. */
  analystSurname: string;
}

export class ConfigError extends Error {}

const SESSION_SECRET_MIN_LENGTH = 32;

/**
 * Rules across variables (DESIGN decision 13, decisions 0019 and 0036): in production the server
 * fails closed — without the Stripe keys it starts only when LOCAL_CHECKOUT=true asks for the free
 * local checkout, on PostgreSQL and on the embedded PGlite alike. One line per variable, naming it
 * and never its value.
 */
function combinationProblems(env: RawEnv): Map<string, string> {
  const problems = new Map<string, string>();
  const add = (name: string, why: string) => void (problems.has(name) || problems.set(name, why));
  const production = env.NODE_ENV === 'production';
  const productionOnPostgres = production && Boolean(env.DATABASE_URL);
  // Sessions and unsubscribe links are keyed from it: a short one could be guessed offline.
  if (env.SESSION_SECRET !== undefined && env.SESSION_SECRET.length < SESSION_SECRET_MIN_LENGTH) {
    add(
      'SESSION_SECRET',
      `must be at least ${SESSION_SECRET_MIN_LENGTH} characters (for example the output of: openssl rand -base64 48)`,
    );
  }
  if (productionOnPostgres && !env.SESSION_SECRET)
    add('SESSION_SECRET', 'required when DATABASE_URL is set in production');
  // The metrics are never served on the public port (the proxy in front would publish them).
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT)
    add('METRICS_PORT', 'must differ from PORT (the metrics have a port of their own, never the public one)');
  // The demo has a premium member with a known way in and made-up tips: never on a site that takes money.
  if (env.STRIPE_SECRET_KEY && env.SEED_DEMO)
    add('SEED_DEMO', 'must not be on when STRIPE_SECRET_KEY is set (the demo adds a free premium member)');
  if (env.STRIPE_SECRET_KEY && env.LOCAL_CHECKOUT)
    add('LOCAL_CHECKOUT', 'must not be on when STRIPE_SECRET_KEY is set (choose Stripe or the local checkout)');
  if (production && !env.LOCAL_CHECKOUT) {
    // A forgotten Stripe key would otherwise open the free local checkout to the public.
    const where = env.DATABASE_URL
      ? 'when DATABASE_URL is set in production'
      : 'in production, on the embedded PGlite database too';
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_ID'] as const) {
      if (!env[name])
        add(
          name,
          `required ${where} (or set LOCAL_CHECKOUT=true to run the built-in local checkout, which takes no money)`,
        );
    }
  }
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_PRICE_ID) add('STRIPE_PRICE_ID', 'required when STRIPE_SECRET_KEY is set');
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET)
    add('STRIPE_WEBHOOK_SECRET', 'required when STRIPE_SECRET_KEY is set');
  // The annual plan: the price shown (pence) and, with Stripe, the price charged must both be set.
  if (env.STRIPE_ANNUAL_PRICE_ID && env.ANNUAL_PRICE_PENCE === undefined)
    add(
      'ANNUAL_PRICE_PENCE',
      'required when STRIPE_ANNUAL_PRICE_ID is set (the annual price shown on the subscribe page, equal to that Stripe price)',
    );
  if (env.STRIPE_SECRET_KEY && env.ANNUAL_PRICE_PENCE !== undefined && !env.STRIPE_ANNUAL_PRICE_ID)
    add(
      'STRIPE_ANNUAL_PRICE_ID',
      'required when ANNUAL_PRICE_PENCE is set with STRIPE_SECRET_KEY (the Stripe price of the annual plan)',
    );
  // The Racing API takes HTTP Basic credentials; a feed without them would only ever fail.
  if (env.RACING_DATA_PROVIDERS.includes('racing-api')) {
    for (const name of ['RACING_API_USERNAME', 'RACING_API_PASSWORD'] as const) {
      if (!env[name]) add(name, 'required when RACING_DATA_PROVIDERS includes racing-api');
    }
  }
  // The card's price is a bookmaker's: an exchange named here would give no price at all.
  if (env.RACING_API_BOOKMAKER && isExchange(env.RACING_API_BOOKMAKER))
    add(
      'RACING_API_BOOKMAKER',
      `names an exchange (${env.RACING_API_BOOKMAKER}), not a bookmaker: name a bookmaker, or leave it unset for each runner's best bookmaker price`,
    );
  // Web Push signs with the pair and names the subject: half a configuration would only ever fail.
  const vapid = ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const;
  if (vapid.some((name) => env[name]) && !vapid.every((name) => env[name])) {
    for (const name of vapid)
      if (!env[name])
        add(
          name,
          'required when any of VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT is set (all three or none; without them alerts use e-mail only)',
        );
  }
  // A time-stamp is only worth keeping when it can be checked, and lodged with someone outside VBG.
  if (env.PROOFING_TSA_URL) {
    if (!env.PROOFING_TSA_CA)
      add(
        'PROOFING_TSA_CA',
        'required when PROOFING_TSA_URL is set (the PEM file of the CA the time-stamp authority chains to)',
      );
    if (!env.PROOFING_EMAIL)
      add(
        'PROOFING_EMAIL',
        "required when PROOFING_TSA_URL is set (the independent address each day's receipts are lodged with)",
      );
  }
  return problems;
}

/** What `main.ts` warns about at every start (a configuration that runs, but should not go unnoticed). */
export function startWarnings(config: AppConfig): string[] {
  const warnings: string[] = [];
  // In production the local checkout runs only when LOCAL_CHECKOUT=true asked for it (loadConfig).
  if (config.NODE_ENV === 'production' && config.LOCAL_CHECKOUT) {
    warnings.push(
      'LOCAL_CHECKOUT=true: the built-in local checkout takes subscriptions and nobody is charged; anyone can become a member for free. Set STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_ID to take payments.',
    );
  }
  return warnings;
}

export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const problems = combinationProblems(env);
  if (problems.size) {
    throw new ConfigError(
      `Invalid configuration:\n${[...problems].map(([name, why]) => `  ${name}: ${why}`).join('\n')}`,
    );
  }
  const surname = env.ANALYST_NAME.trim().split(/\s+/).pop() ?? 'analyst';
  return {
    ...env,
    // Demo content (and its premium member) only where nobody pays: asked for, or on PGlite with
    // the local checkout (production asks for it by LOCAL_CHECKOUT=true); never beside Stripe.
    SEED_DEMO:
      env.SEED_DEMO ??
      (!env.DATABASE_URL && !env.STRIPE_SECRET_KEY && (env.NODE_ENV !== 'production' || Boolean(env.LOCAL_CHECKOUT))),
    TRUST_PROXY: env.TRUST_PROXY ?? false,
    LOCAL_CHECKOUT: env.LOCAL_CHECKOUT ?? false,
    MAIL_WORKER: env.MAIL_WORKER ?? true,
    WARM_UP: env.WARM_UP ?? env.NODE_ENV === 'production',
    secureCookies: env.PUBLIC_URL?.startsWith('https://') ?? false,
    analystSurname: surname.toLowerCase().replace(/[^a-z0-9]/g, '') || 'analyst',
  };
}
