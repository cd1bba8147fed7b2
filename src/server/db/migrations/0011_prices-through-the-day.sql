CREATE TABLE "feed_status" (
	"provider" text PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'idle' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"next_attempt_at" timestamp with time zone,
	"unmatched" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_snapshots" (
	"id" serial PRIMARY KEY NOT NULL,
	"race_date" date NOT NULL,
	"time" text NOT NULL,
	"course" text NOT NULL,
	"horse_name" text NOT NULL,
	"horse_key" text NOT NULL,
	"source" text NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"price_text" text NOT NULL,
	"observed_at" timestamp with time zone NOT NULL,
	"recorded_by" integer
);
--> statement-breakpoint
ALTER TABLE "race_result_runners" ADD COLUMN "bsp" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "race_results" ADD COLUMN "source" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "price_snapshots" ADD CONSTRAINT "price_snapshots_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_snapshots_day_horse_idx" ON "price_snapshots" USING btree ("race_date","horse_key","observed_at");