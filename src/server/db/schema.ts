import {
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { ARTICLE_CATEGORIES, ARTICLE_CONTENT_TYPES } from '#shared/article-labels';
import { WEEKDAYS } from '#shared/london-time';
import { RECEIPT_KINDS } from '#shared/proofing/receipt';
import { FINISHES } from '#shared/race-results';
import { FEED_PROVIDERS, RESULT_SOURCES } from '#shared/racing-feeds';
import { FEED_STATES } from '#shared/schemas/feeds';
import { PRICE_SOURCES } from '#shared/schemas/prices';
import { STAMP_STATUSES } from '#shared/schemas/proofing';
import { SELECTION_TYPES, TIP_RESULTS } from '#shared/tip-stats';

/**
 * One schema for the whole product. Times are timestamptz (absolute instants); race and tips
 * days are `date` values that are always London calendar days (see src/shared/london-time.ts).
 */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(), // stored lower-cased
  passwordHash: text('password_hash'),
  role: text('role').notNull().default('member'), // 'admin' | 'member'
  subscriptionStatus: text('subscription_status').notNull().default('none'), // none|active|trialing|past_due|canceled|expired
  subscriptionType: text('subscription_type'), // premium | annual_special | family
  subscriptionStartDate: ts('subscription_start_date'),
  subscriptionEndDate: ts('subscription_end_date'), // period end (renewal) or fixed expiry
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  stripeCustomerId: text('stripe_customer_id'),
  stripeSubscriptionId: text('stripe_subscription_id'),
  emailOptOut: boolean('email_opt_out').notNull().default(false),
  oddsFormat: text('odds_format').notNull().default('fractional'), // fractional | decimal: how odds are shown to them
  // Consent: when the person confirmed they are 18 or over and accepted the terms (which version).
  ageConfirmedAt: ts('age_confirmed_at'),
  termsAcceptedAt: ts('terms_accepted_at'),
  termsVersion: text('terms_version'),
  // The "pause my e-mails" tool: no member e-mail before this instant.
  emailPausedUntil: ts('email_paused_until'),
  // The first failed renewal payment of the current run of failures (null when paid up): the grace period counts from it.
  paymentFailedAt: ts('payment_failed_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(), // SHA-256 of the cookie token: a leaked table cannot be replayed
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(), // 'acct:<email>' or 'ip:<address>'
  failures: integer('failures').notNull().default(0),
  windowStart: ts('window_start').notNull(),
  lockedUntil: ts('locked_until'),
});

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Uploaded bytes live in the database so every instance can serve them. */
export const files = pgTable('files', {
  id: serial('id').primaryKey(),
  kind: text('kind').notNull(), // back-catalogue-pdf | master-workbook | master-preview-pdf | race-preview-pdf
  filename: text('filename').notNull(),
  mimeType: text('mime_type').notNull(),
  size: integer('size').notNull(),
  sha256: text('sha256').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * A file's bytes, in order, as rows of at most FILE_PIECE_BYTES (src/server/db/file-store.ts):
 * embedded PGlite runs each statement on the server's own thread, so no single statement may carry
 * a whole 10 MB upload — and appending to one bytea copied it whole every time.
 */
export const filePieces = pgTable(
  'file_pieces',
  {
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] })],
);

export const uploadLog = pgTable('upload_log', {
  id: serial('id').primaryKey(),
  kind: text('kind').notNull(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  filename: text('filename'),
  size: integer('size'),
  success: boolean('success').notNull(),
  message: text('message').notNull(),
  counts: jsonb('counts'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

// ---- billing ----
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(), // Stripe's cs_… id, or the local provider's own
    provider: text('provider').notNull(), // stripe | local
    email: text('email').notNull(),
    status: text('status').notNull().default('open'), // open | complete | expired
    amountPence: integer('amount_pence'),
    discountCode: text('discount_code'),
    displayText: text('display_text'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    passwordSetAt: ts('password_set_at'),
    // The signed-in account that started it (null for a visitor's typed address).
    startedByUserId: integer('started_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    // Completing it created the account: only then is there a post-payment password step (decision 0018).
    createdAccount: boolean('created_account').notNull().default(false),
    // Paid while the account already had this live subscription: its own was cancelled at once, refund due.
    duplicateOfSubscriptionId: text('duplicate_of_subscription_id'),
    plan: text('plan').notNull().default('monthly'), // monthly | annual
    // The buyer's consent at checkout: 18 or over, the terms, and asking for access to start at once
    // (acknowledging the loss of the 14-day cancellation right), each with its time.
    ageConfirmedAt: ts('age_confirmed_at'),
    termsAcceptedAt: ts('terms_accepted_at'),
    startNowAcknowledgedAt: ts('start_now_acknowledged_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    completedAt: ts('completed_at'),
  },
  (t) => [index('checkout_sessions_email_idx').on(t.email, t.status)],
);

/**
 * The local payments provider's own records (checkout sessions, customers, subscriptions), kept
 * in the database like Stripe keeps them, so the app reads them back the same way on any instance.
 */
export const localPayments = pgTable('local_payments', {
  id: text('id').primaryKey(), // lcs_… | lcus_… | lsub_…
  kind: text('kind').notNull(), // checkout_session | customer | subscription
  data: jsonb('data').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * A member's subscription history, one row per thing that happened: joined, renewed, payment
 * failed, recovered, cancel requested (with its reason), resumed, ended, refunded, price notice,
 * reminder sent. The business figures, the data export and the refunds list read it. An erased
 * account leaves its financial rows (amounts, dates, the provider's references) with no user.
 */
export const subscriptionEvents = pgTable(
  'subscription_events',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type').notNull(), // joined | renewed | payment_failed | recovered | cancel_requested | resumed | ended | refunded | notice_sent
    reason: text('reason'), // a cancellation's reason (too_expensive | not_using | results | other), a refund's reason, a notice's kind
    amountPence: integer('amount_pence'),
    providerRef: text('provider_ref'), // Stripe's (or the local provider's) id of the invoice, refund or event
    detail: jsonb('detail'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }), // an admin's action (a refund)
    occurredAt: ts('occurred_at').notNull(),
  },
  (t) => [
    index('subscription_events_user_idx').on(t.userId, t.occurredAt),
    index('subscription_events_type_idx').on(t.type, t.occurredAt),
  ],
);

/**
 * A notice e-mailed once: a renewal reminder, the end of a discounted period, a price change. The
 * key names the occasion (e.g. the renewal date), so a reminder is never sent twice.
 */
export const noticesSent = pgTable(
  'notices_sent',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(), // renewal | discount_end | price_change | each_way_per_part
    occasion: text('occasion').notNull(), // e.g. the renewal's date, the announcement's id; each way: due, dismissed, emailed
    sentAt: ts('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.occasion] })],
);

/** A price change announced to members with notice: the new monthly/annual price from a date. */
export const priceChanges = pgTable('price_changes', {
  id: serial('id').primaryKey(),
  plan: text('plan').notNull(), // monthly | annual
  newPricePence: integer('new_price_pence').notNull(),
  effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
  message: text('message').notNull().default(''),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const processedEvents = pgTable('processed_events', {
  id: text('id').primaryKey(), // Stripe event id: each is handled once
  type: text('type').notNull(),
  receivedAt: ts('received_at').notNull().defaultNow(),
});

// ---- magazine ----
export const articles = pgTable('articles', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  summary: text('summary').notNull().default(''),
  content: text('content').notNull().default(''),
  author: text('author').notNull().default(''),
  category: text('category', { enum: ARTICLE_CATEGORIES }).notNull().default('news'), // news | views
  contentType: text('content_type', { enum: ARTICLE_CONTENT_TYPES }).notNull().default('regular'), // regular | premium
  publishDate: date('publish_date', { mode: 'string' }),
  hidePublishDate: boolean('hide_publish_date').notNull().default(false),
  isTop5Article: boolean('is_top5_article').notNull().default(false),
  discountCode: text('discount_code'),
  sourceResourceSlug: text('source_resource_slug').unique(), // set when imported from the built-in library
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

// ---- tips, back catalogue, record ----
export const dailyTips = pgTable('daily_tips', {
  id: serial('id').primaryKey(),
  tipsDate: date('tips_date', { mode: 'string' }).notNull().unique(),
  bannerDate: text('banner_date').notNull().default(''),
  nap: text('nap').notNull().default(''),
  nb: text('nb').notNull().default(''),
  longshot: text('longshot').notNull().default(''),
  multiplesBet1: text('multiples_bet1').notNull().default(''),
  multiplesBet2: text('multiples_bet2').notNull().default(''),
  multiplesBet3: text('multiples_bet3').notNull().default(''),
  multiplesBet4: text('multiples_bet4').notNull().default(''),
  dailyPreview: text('daily_preview').notNull().default(''),
  publishedAt: ts('published_at').notNull(),
});

export const backCatalogue = pgTable(
  'back_catalogue',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    contentType: text('content_type').notNull(), // html | pdf
    filename: text('filename'),
    fileId: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('back_catalogue_html_date').on(t.date, t.contentType, t.filename)],
);

export const tipRecords = pgTable(
  'tip_records',
  {
    id: serial('id').primaryKey(),
    raceDate: date('race_date', { mode: 'string' }).notNull(),
    raceTime: text('race_time').notNull().default(''), // 24-hour HH:MM
    raceLocation: text('race_location').notNull().default(''), // the course
    selectionName: text('selection_name').notNull(),
    selectionType: text('selection_type', { enum: SELECTION_TYPES }).notNull(), // nap | nb | longshot
    // The advised price as members were told it (the published tip's, when the day's tips name one).
    advisedOdds: text('advised_odds').notNull().default(''),
    // A different price the analyst confirmed as a correction of the advised one: P/L is counted at
    // it, and the public record shows both ("advised 11/2, corrected to 5/1").
    correctedOdds: text('corrected_odds'),
    oddsCorrectedAt: ts('odds_corrected_at'),
    startingPrice: text('starting_price'),
    result: text('result', { enum: TIP_RESULTS }), // WON | LOST | PLACED | NR | null (pending)
    profitLoss: numeric('profit_loss', { precision: 10, scale: 2, mode: 'number' }),
    publishedAt: ts('published_at'),
    settledAt: ts('settled_at'),
    // Set when a settled result or starting price is changed afterwards: the proofed record shows it.
    correctedAt: ts('corrected_at'),
    // Who settled it: 'results' (from the day's race results; re-entering them may settle it
    // again) or 'admin' (by hand; results never overwrite it). Null on records settled before this column existed: by hand.
    settledBy: text('settled_by'),
    // The receipt that proofs this selection (its latest one), when it was published with receipts.
    receiptId: integer('receipt_id').references((): AnyPgColumn => proofReceipts.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tip_records_unique').on(t.raceDate, t.selectionType, t.selectionName)],
);

export const racePreviews = pgTable('race_previews', {
  id: serial('id').primaryKey(),
  previewDate: date('preview_date', { mode: 'string' }).notNull(),
  raceTime: text('race_time').notNull(),
  course: text('course').notNull(),
  isFeature: boolean('is_feature').notNull().default(false),
  fileId: integer('file_id')
    .notNull()
    .references(() => files.id, { onDelete: 'cascade' }),
  createdAt: ts('created_at').notNull().defaultNow(),
});

// ---- race cards ----
export const races = pgTable(
  'races',
  {
    id: serial('id').primaryKey(),
    weekday: text('weekday', { enum: WEEKDAYS }).notNull(), // lowercase weekday tab
    raceDate: date('race_date', { mode: 'string' }).notNull(),
    time: text('time').notNull(), // HH:MM
    course: text('course').notNull(),
    title: text('title').notNull().default(''),
    distance: text('distance').notNull().default(''),
    raceType: text('race_type').notNull().default(''),
    classNumber: text('class_number').notNull().default(''),
    prizeMoney: text('prize_money').notNull().default(''),
    ageHandicapInfo: text('age_handicap_info').notNull().default(''),
    verdict: text('verdict').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('races_weekday_idx').on(t.weekday),
    uniqueIndex('races_weekday_time_course').on(t.weekday, t.time, t.course),
  ],
);

export const horses = pgTable(
  'horses',
  {
    id: serial('id').primaryKey(),
    raceId: integer('race_id')
      .notNull()
      .references(() => races.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(), // row order in the workbook
    name: text('name').notNull(),
    number: integer('number'),
    draw: integer('draw'),
    dslr: integer('dslr'),
    sire: text('sire').notNull().default(''),
    dam: text('dam').notNull().default(''),
    form: text('form').notNull().default(''),
    formHistory: text('form_history').notNull().default(''),
    jockey: text('jockey').notNull().default(''),
    jockeyClaim: integer('jockey_claim'),
    trainer: text('trainer').notNull().default(''),
    vbRating: numeric('vb_rating', { precision: 6, scale: 2, mode: 'number' }),
    age: integer('age'),
    equipment: text('equipment').notNull().default(''),
    runsWins: text('runs_wins').notNull().default('0-0'),
    officialRating: integer('official_rating'),
    weight: text('weight').notNull().default(''),
    summary: text('summary').notNull().default(''),
    bookieOdds: numeric('bookie_odds', { precision: 10, scale: 2, mode: 'number' }),
    bookieOddsText: text('bookie_odds_text'),
    potentialNonRunner: boolean('potential_non_runner').notNull().default(false),
    // What the master workbook itself said for the fields later stages may change (odds, non-runner,
    // summary): a new upload or re-process keeps a later stage's value unless the workbook changed it.
    workbookValues: jsonb('workbook_values'),
  },
  (t) => [index('horses_race_idx').on(t.raceId)],
);

// ---- race results (docs/decisions/0028) ----
/**
 * A race's result, keyed by London day, time and course like the cards, but in its own tables: clearing
 * a weekday's cards keeps it (the calibration and settled tips rest on it). Re-entering a race replaces it.
 */
export const raceResults = pgTable(
  'race_results',
  {
    id: serial('id').primaryKey(),
    raceDate: date('race_date', { mode: 'string' }).notNull(),
    time: text('time').notNull(), // HH:MM
    course: text('course').notNull(), // as the race card wrote it
    title: text('title').notNull().default(''),
    enteredBy: integer('entered_by').references(() => users.id, { onDelete: 'set null' }),
    enteredAt: ts('entered_at').notNull(),
    source: text('source', { enum: RESULT_SOURCES }).notNull().default('manual'), // manual | bsp | racing-api: who settled it
    // Tattersalls Rule 4: pence in the pound off winners' and placed winnings for late non-runners
    // (0–90, already added up and capped), or null when none. It applies to bets struck at a price
    // (the advised price, members' logged prices); to SP only when the analyst says so.
    rule4Pence: integer('rule4_pence'),
    rule4AppliesSp: boolean('rule4_applies_sp').notNull().default(false),
  },
  (t) => [uniqueIndex('race_results_day_time_course').on(t.raceDate, t.time, t.course)],
);

/** Every runner of the card when the result was entered, with its morning figures and how it finished. */
export const raceResultRunners = pgTable(
  'race_result_runners',
  {
    id: serial('id').primaryKey(),
    resultId: integer('result_id')
      .notNull()
      .references(() => raceResults.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    vbRating: numeric('vb_rating', { precision: 6, scale: 2, mode: 'number' }),
    morningOdds: numeric('morning_odds', { precision: 10, scale: 2, mode: 'number' }), // decimal, as the card held it
    finish: text('finish', { enum: FINISHES }).notNull(), // won | placed | ran | nr
    position: integer('position'), // 1 for the winner, 2.. for the placed horses in the order entered
    startingPrice: text('starting_price'),
    bsp: numeric('bsp', { precision: 10, scale: 2, mode: 'number' }), // Betfair starting price, when a BSP file gave one
  },
  (t) => [index('race_result_runners_result_idx').on(t.resultId)],
);

// ---- prices through the day ----
/**
 * Every price VBG learns for a runner, kept as it was learned and never overwritten: the morning
 * odds, the analyst's pasted updates and the feeds. Keyed like results by London day, time, course
 * and the runner's name, so clearing or re-uploading the cards keeps the history. The cards'
 * current price (horses.bookie_odds) is the latest snapshot's.
 */
export const priceSnapshots = pgTable(
  'price_snapshots',
  {
    id: serial('id').primaryKey(),
    raceDate: date('race_date', { mode: 'string' }).notNull(),
    time: text('time').notNull(), // HH:MM
    course: text('course').notNull(), // as the race card wrote it
    horseName: text('horse_name').notNull(), // as the race card wrote it
    horseKey: text('horse_key').notNull(), // nameKey(horseName): how names are compared
    source: text('source', { enum: PRICE_SOURCES }).notNull(), // morning | analyst | bsp | racing-api
    price: numeric('price', { precision: 10, scale: 2, mode: 'number' }).notNull(), // decimal odds
    priceText: text('price_text').notNull(), // as given, normalised ("9/2", "5.5")
    observedAt: ts('observed_at').notNull(),
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('price_snapshots_day_horse_idx').on(t.raceDate, t.horseKey, t.observedAt)],
);

/**
 * What each price and result feed last did, for the admin screen and the backoff: one row a
 * provider, written only by the instance that holds the poller's lock.
 */
export const feedStatus = pgTable('feed_status', {
  provider: text('provider', { enum: FEED_PROVIDERS }).primaryKey(), // bsp | racing-api
  state: text('state', { enum: FEED_STATES }).notNull().default('idle'), // idle | ok | failing | rate-limited
  message: text('message').notNull().default(''),
  failures: integer('failures').notNull().default(0),
  lastAttemptAt: ts('last_attempt_at'),
  lastSuccessAt: ts('last_success_at'),
  nextAttemptAt: ts('next_attempt_at'),
  // What the last run could not match to our cards, listed for the admin and never guessed.
  unmatched: jsonb('unmatched').notNull().default([]),
});

/**
 * A member's own bet log (docs/decisions/0031): what they backed, at what price and stake. Private to
 * them. Settled when read, from race_results, so a re-entered result settles it again.
 */
export const memberBets = pgTable(
  'member_bets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    raceDate: date('race_date', { mode: 'string' }).notNull(),
    raceTime: text('race_time').notNull(), // HH:MM
    course: text('course').notNull(),
    horseName: text('horse_name').notNull(),
    price: text('price').notNull(), // as taken, normalised ("9/2", "5.5")
    stakePence: integer('stake_pence').notNull(), // as the punter says it: each way, the stake on each part (£2 e/w = £4 laid out)
    eachWay: boolean('each_way').notNull().default(false),
    source: text('source').notNull().default('manual'), // tip | race-card | generator | manual
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('member_bets_user_idx').on(t.userId, t.raceDate)],
);

// ---- the race-day app: watch list and alerts ----
/**
 * The horses a member has starred. Kept by name (compared by nameKey, like prices and results), so a
 * star outlives the day's cards and finds the horse's next run whenever a card has it.
 */
export const watchlist = pgTable(
  'watchlist',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    horseName: text('horse_name').notNull(), // as the member starred it (the card's spelling)
    horseKey: text('horse_key').notNull(), // nameKey(horseName)
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('watchlist_user_horse').on(t.userId, t.horseKey), index('watchlist_horse_idx').on(t.horseKey)],
);

/** Which alerts a member wants, and when not to be disturbed. No row: no alerts. */
export const alertSettings = pgTable('alert_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tipsPublished: boolean('tips_published').notNull().default(false), // today's tips are out
  valueReached: boolean('value_reached').notNull().default(false), // a starred horse reaches its value-down-to price or better
  tipNonRunner: boolean('tip_non_runner').notNull().default(false), // a tipped horse becomes a non-runner
  emailDigest: boolean('email_digest').notNull().default(false), // when no device takes push: one e-mail with the alerts
  quietFrom: text('quiet_from'), // HH:MM London time, or null for no quiet hours
  quietUntil: text('quiet_until'), // HH:MM London time (may be past midnight: 22:00–07:00)
  updatedAt: ts('updated_at').notNull(),
});

/** A browser's Web Push subscription (PushSubscription.toJSON()), one row per endpoint. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(), // the browser's public key, base64url
    auth: text('auth').notNull(), // the browser's auth secret, base64url
    userAgent: text('user_agent').notNull().default(''),
    createdAt: ts('created_at').notNull(),
    lastSentAt: ts('last_sent_at'),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * Every alert decided for a member, once per subject per London day (the unique index is the rule):
 * the tips of a day, a horse reaching value, a tip becoming a non-runner. Pending until delivered;
 * held while the member's quiet hours last.
 */
export const memberAlerts = pgTable(
  'member_alerts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(), // London day the alert is about
    kind: text('kind').notNull(), // tips | value | non_runner
    subject: text('subject').notNull(), // 'tips', or the horse's nameKey
    title: text('title').notNull(),
    body: text('body').notNull(),
    url: text('url').notNull(), // same-site path a click opens
    status: text('status').notNull().default('pending'), // pending | sent | failed
    channel: text('channel'), // push | email, once delivered
    createdAt: ts('created_at').notNull(),
    sentAt: ts('sent_at'),
  },
  (t) => [
    uniqueIndex('member_alerts_once').on(t.userId, t.day, t.kind, t.subject),
    index('member_alerts_status_idx').on(t.status, t.createdAt),
  ],
);

// ---- mail ----
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    mailingId: integer('mailing_id'),
    kind: text('kind').notNull(), // daily | blog | golf | welcome | password-reset | cancellation
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    headers: jsonb('headers'),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    status: text('status').notNull().default('queued'), // queued | sending | sent | failed
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: ts('sent_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('outbox_status_idx').on(t.status, t.nextAttemptAt),
    index('outbox_created_idx').on(t.createdAt), // pruning finished messages by age (mail/prune.ts)
  ],
);

export const mailings = pgTable('mailings', {
  id: serial('id').primaryKey(),
  kind: text('kind').notNull(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  recipientCount: integer('recipient_count').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const passwordResetTokens = pgTable('password_reset_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

/** A users row as read: what sessions resolve to and every feature that looks at an account takes. */
export type UserRow = typeof users.$inferSelect;

// ---- the proofed record (docs/decisions/0054-proofed-record.md) ----
/**
 * A receipt for one published selection: its opening (the canonical JSON text, kept exactly as
 * hashed) and the SHA-256 of it. Receipts are only ever added: a correction is a new receipt that
 * names the one it replaces. `seq` orders a day's receipts in its hash chain (1, 2, …). `proofedAt`
 * is the time of the earliest outside time-stamp covering it that came before its race's off.
 */
export const proofReceipts = pgTable(
  'proof_receipts',
  {
    id: serial('id').primaryKey(),
    raceDate: date('race_date', { mode: 'string' }).notNull(),
    seq: integer('seq').notNull(),
    hash: text('hash').notNull().unique(),
    opening: text('opening').notNull(),
    kind: text('kind', { enum: RECEIPT_KINDS }).notNull(), // nap | nb | longshot | leg
    multipleNo: integer('multiple_no'), // 1–4 for a leg of a multiple
    legNo: integer('leg_no'),
    raceTime: text('race_time').notNull(), // HH:MM London
    course: text('course').notNull(),
    horse: text('horse').notNull(),
    publishedAt: ts('published_at').notNull(),
    replacesId: integer('replaces_id').references((): AnyPgColumn => proofReceipts.id),
    proofedAt: ts('proofed_at'),
  },
  (t) => [uniqueIndex('proof_receipts_day_seq').on(t.raceDate, t.seq)],
);

/**
 * One outside time-stamp of a day's chain head after `receipts` receipts (the root then), with the
 * lodgement e-mail that carried it. Pending rows are retried until stamped; a newer head supersedes
 * an older pending one (it covers the same receipts).
 */
export const proofStamps = pgTable(
  'proof_stamps',
  {
    id: serial('id').primaryKey(),
    raceDate: date('race_date', { mode: 'string' }).notNull(),
    receipts: integer('receipts').notNull(),
    root: text('root').notNull(),
    status: text('status', { enum: STAMP_STATUSES }).notNull().default('pending'), // pending | stamped | superseded | failed
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    tsaUrl: text('tsa_url'),
    token: bytea('token'), // the RFC 3161 TimeStampToken (CMS ContentInfo, DER)
    genTime: ts('gen_time'),
    outboxKey: text('outbox_key'), // the lodgement e-mail's idempotency key
    lodgedAt: ts('lodged_at'), // copied from the outbox when the e-mail was sent
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('proof_stamps_day_receipts').on(t.raceDate, t.receipts),
    index('proof_stamps_status_idx').on(t.status, t.nextAttemptAt),
  ],
);

/** A published multiple (Lucky 15, Yankee, double…), settled as its component bets at level stakes. */
export const multipleBets = pgTable(
  'multiple_bets',
  {
    id: serial('id').primaryKey(),
    raceDate: date('race_date', { mode: 'string' }).notNull(),
    multipleNo: integer('multiple_no').notNull(), // which of the day's four multiples slots
    label: text('label').notNull(), // as published, e.g. "Lucky 15"
    betType: text('bet_type').notNull(), // the known bet type it names (lucky15, yankee, double…)
    publishedAt: ts('published_at').notNull(),
  },
  (t) => [uniqueIndex('multiple_bets_day_no').on(t.raceDate, t.multipleNo)],
);

/** One leg of a multiple: the runner it names on the day's cards, or an unproofed leg the analyst confirmed. */
export const multipleLegs = pgTable(
  'multiple_legs',
  {
    id: serial('id').primaryKey(),
    multipleId: integer('multiple_id')
      .notNull()
      .references(() => multipleBets.id, { onDelete: 'cascade' }),
    legNo: integer('leg_no').notNull(),
    horse: text('horse').notNull(),
    raceTime: text('race_time'), // null for a leg matched to no race (unproofed)
    course: text('course'),
    advisedOdds: text('advised_odds'), // the price the leg is settled at on the advised basis
    receiptId: integer('receipt_id').references(() => proofReceipts.id, { onDelete: 'set null' }),
    unproofed: boolean('unproofed').notNull().default(false),
  },
  (t) => [uniqueIndex('multiple_legs_multiple_leg').on(t.multipleId, t.legNo)],
);

/**
 * The race-card events of the last few minutes (decision 0059), in the order they were committed:
 * the id is the stream's global event id on every instance, so a stream that reconnects with
 * Last-Event-ID, to any instance, is sent what it missed. `data` is the event's JSON without its id.
 */
export const raceCardEvents = pgTable('race_card_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: ts('at').notNull(),
  data: text('data').notNull(),
});
