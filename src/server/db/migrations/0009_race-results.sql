CREATE TABLE "member_bets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"race_date" date NOT NULL,
	"race_time" text NOT NULL,
	"course" text NOT NULL,
	"horse_name" text NOT NULL,
	"price" text NOT NULL,
	"stake_pence" integer NOT NULL,
	"each_way" boolean DEFAULT false NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "race_result_runners" (
	"id" serial PRIMARY KEY NOT NULL,
	"result_id" integer NOT NULL,
	"name" text NOT NULL,
	"vb_rating" numeric(6, 2),
	"morning_odds" numeric(10, 2),
	"finish" text NOT NULL,
	"position" integer,
	"starting_price" text
);
--> statement-breakpoint
CREATE TABLE "race_results" (
	"id" serial PRIMARY KEY NOT NULL,
	"race_date" date NOT NULL,
	"time" text NOT NULL,
	"course" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"entered_by" integer,
	"entered_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tip_records" ADD COLUMN "settled_by" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "odds_format" text DEFAULT 'fractional' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_bets" ADD CONSTRAINT "member_bets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "race_result_runners" ADD CONSTRAINT "race_result_runners_result_id_race_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."race_results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "race_results" ADD CONSTRAINT "race_results_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_bets_user_idx" ON "member_bets" USING btree ("user_id","race_date");--> statement-breakpoint
CREATE INDEX "race_result_runners_result_idx" ON "race_result_runners" USING btree ("result_id");--> statement-breakpoint
CREATE UNIQUE INDEX "race_results_day_time_course" ON "race_results" USING btree ("race_date","time","course");