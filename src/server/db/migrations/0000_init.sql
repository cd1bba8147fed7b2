CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"author" text DEFAULT '' NOT NULL,
	"category" text DEFAULT 'news' NOT NULL,
	"content_type" text DEFAULT 'regular' NOT NULL,
	"publish_date" date,
	"hide_publish_date" boolean DEFAULT false NOT NULL,
	"is_top5_article" boolean DEFAULT false NOT NULL,
	"discount_code" text,
	"source_resource_slug" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "articles_slug_unique" UNIQUE("slug"),
	CONSTRAINT "articles_source_resource_slug_unique" UNIQUE("source_resource_slug")
);
--> statement-breakpoint
CREATE TABLE "back_catalogue" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"date" date NOT NULL,
	"content_type" text NOT NULL,
	"filename" text,
	"file_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"amount_pence" integer,
	"discount_code" text,
	"display_text" text,
	"stripe_subscription_id" text,
	"password_set_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "daily_tips" (
	"id" serial PRIMARY KEY NOT NULL,
	"tips_date" date NOT NULL,
	"banner_date" text DEFAULT '' NOT NULL,
	"nap" text DEFAULT '' NOT NULL,
	"nb" text DEFAULT '' NOT NULL,
	"longshot" text DEFAULT '' NOT NULL,
	"multiples_bet1" text DEFAULT '' NOT NULL,
	"multiples_bet2" text DEFAULT '' NOT NULL,
	"multiples_bet3" text DEFAULT '' NOT NULL,
	"multiples_bet4" text DEFAULT '' NOT NULL,
	"daily_preview" text DEFAULT '' NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	CONSTRAINT "daily_tips_tips_date_unique" UNIQUE("tips_date")
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"filename" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "horses" (
	"id" serial PRIMARY KEY NOT NULL,
	"race_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"number" integer,
	"draw" integer,
	"dslr" integer,
	"sire" text DEFAULT '' NOT NULL,
	"dam" text DEFAULT '' NOT NULL,
	"form" text DEFAULT '' NOT NULL,
	"form_history" text DEFAULT '' NOT NULL,
	"jockey" text DEFAULT '' NOT NULL,
	"jockey_claim" integer,
	"trainer" text DEFAULT '' NOT NULL,
	"vb_rating" numeric(6, 2),
	"age" integer,
	"equipment" text DEFAULT '' NOT NULL,
	"runs_wins" text DEFAULT '0-0' NOT NULL,
	"official_rating" integer,
	"weight" text DEFAULT '' NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"bookie_odds" numeric(10, 2),
	"bookie_odds_text" text,
	"potential_non_runner" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mailings" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"created_by" integer,
	"recipient_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"mailing_id" integer,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"headers" jsonb,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbox_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "processed_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "race_previews" (
	"id" serial PRIMARY KEY NOT NULL,
	"preview_date" date NOT NULL,
	"race_time" text NOT NULL,
	"course" text NOT NULL,
	"is_feature" boolean DEFAULT false NOT NULL,
	"file_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "races" (
	"id" serial PRIMARY KEY NOT NULL,
	"weekday" text NOT NULL,
	"race_date" date NOT NULL,
	"time" text NOT NULL,
	"course" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"distance" text DEFAULT '' NOT NULL,
	"race_type" text DEFAULT '' NOT NULL,
	"class_number" text DEFAULT '' NOT NULL,
	"prize_money" text DEFAULT '' NOT NULL,
	"age_handicap_info" text DEFAULT '' NOT NULL,
	"verdict" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tip_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"race_date" date NOT NULL,
	"race_time" text DEFAULT '' NOT NULL,
	"race_location" text DEFAULT '' NOT NULL,
	"selection_name" text NOT NULL,
	"selection_type" text NOT NULL,
	"advised_odds" text DEFAULT '' NOT NULL,
	"starting_price" text,
	"result" text,
	"profit_loss" numeric(10, 2),
	"published_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer,
	"filename" text,
	"size" integer,
	"success" boolean NOT NULL,
	"message" text NOT NULL,
	"counts" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"role" text DEFAULT 'member' NOT NULL,
	"subscription_status" text DEFAULT 'none' NOT NULL,
	"subscription_type" text,
	"subscription_start_date" timestamp with time zone,
	"subscription_end_date" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"stripe_customer_id" text,
	"stripe_subscription_id" text,
	"email_opt_out" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "back_catalogue" ADD CONSTRAINT "back_catalogue_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "horses" ADD CONSTRAINT "horses_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailings" ADD CONSTRAINT "mailings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "race_previews" ADD CONSTRAINT "race_previews_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_log" ADD CONSTRAINT "upload_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "back_catalogue_html_date" ON "back_catalogue" USING btree ("date","content_type","filename");--> statement-breakpoint
CREATE INDEX "horses_race_idx" ON "horses" USING btree ("race_id");--> statement-breakpoint
CREATE INDEX "outbox_status_idx" ON "outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "races_weekday_idx" ON "races" USING btree ("weekday");--> statement-breakpoint
CREATE UNIQUE INDEX "races_weekday_time_course" ON "races" USING btree ("weekday","time","course");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tip_records_unique" ON "tip_records" USING btree ("race_date","selection_type","selection_name");