import { z } from 'zod';

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

const envSchema = z.object({
  NODE_ENV: z.preprocess(emptyToUndefined, z.enum(['development', 'production', 'test']).default('production')),
  PORT: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ message: 'must be a port number' }).int('must be a port number').min(0, 'must be a port number').max(65535, 'must be a port number').default(5000),
  ),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  SESSION_SECRET: optionalString,
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.url({ message: 'must be an absolute URL such as https://example.com' }).optional()),
  ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email({ message: 'must be an e-mail address' }).optional()),
  ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(6, 'must be at least 6 characters').optional()),
  SEED_DEMO: booleanFlag,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PRICE_ID: optionalString,
  STRIPE_API_BASE: z.preprocess(emptyToUndefined, z.url({ message: 'must be a URL' }).optional()),
  STRIPE_INVOICE_PRICES: optionalString,
  SMTP_URL: z.preprocess(emptyToUndefined, z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional()),
  MAIL_FROM: optionalString,
  MAIL_WORKER: booleanFlag,
  SITE_NAME: z.preprocess(emptyToUndefined, z.string().default('VBG')),
  SUPPORT_EMAIL: z.preprocess(emptyToUndefined, z.email({ message: 'must be an e-mail address' }).default('support@vbg.example')),
  ANALYST_NAME: z.preprocess(emptyToUndefined, z.string().default('Sam Hartley')),
  DEFAULT_DISCOUNT_CODE: z.preprocess(emptyToUndefined, z.string().default('VALUE25')),
  LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
  TRUST_PROXY: booleanFlag,
});

export type RawEnv = z.infer<typeof envSchema>;

export interface AppConfig extends Omit<RawEnv, 'SEED_DEMO' | 'TRUST_PROXY' | 'MAIL_WORKER'> {
  SEED_DEMO: boolean;
  TRUST_PROXY: boolean;
  /** Whether this instance sends queued mail (only when SMTP_URL is set too). */
  MAIL_WORKER: boolean;
  /** Whether cookies must carry the Secure flag (PUBLIC_URL is https). */
  secureCookies: boolean;
  /** Surname of the analyst, lower case: names the verdict upload path. */
  analystSurname: string;
}

export class ConfigError extends Error {}

export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === 'production' && env.DATABASE_URL && !env.SESSION_SECRET) {
    // Not used for signing today, but a production Postgres deployment with no secret set is
    // almost always a forgotten .env; say so rather than run half-configured.
    throw new ConfigError('Invalid configuration:\n  SESSION_SECRET: required when DATABASE_URL is set in production');
  }
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_PRICE_ID) {
    throw new ConfigError('Invalid configuration:\n  STRIPE_PRICE_ID: required when STRIPE_SECRET_KEY is set');
  }
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError('Invalid configuration:\n  STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set');
  }
  const surname = env.ANALYST_NAME.trim().split(/\s+/).pop() ?? 'analyst';
  return {
    ...env,
    SEED_DEMO: env.SEED_DEMO ?? !env.DATABASE_URL,
    TRUST_PROXY: env.TRUST_PROXY ?? false,
    MAIL_WORKER: env.MAIL_WORKER ?? true,
    secureCookies: env.PUBLIC_URL?.startsWith('https://') ?? false,
    analystSurname: surname.toLowerCase().replace(/[^a-z0-9]/g, '') || 'analyst',
  };
}
