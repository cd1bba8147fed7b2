CREATE TABLE "multiple_bets" (
	"id" serial PRIMARY KEY NOT NULL,
	"race_date" date NOT NULL,
	"multiple_no" integer NOT NULL,
	"label" text NOT NULL,
	"bet_type" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "multiple_legs" (
	"id" serial PRIMARY KEY NOT NULL,
	"multiple_id" integer NOT NULL,
	"leg_no" integer NOT NULL,
	"horse" text NOT NULL,
	"race_time" text,
	"course" text,
	"advised_odds" text,
	"receipt_id" integer,
	"unproofed" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proof_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"race_date" date NOT NULL,
	"seq" integer NOT NULL,
	"hash" text NOT NULL,
	"opening" text NOT NULL,
	"kind" text NOT NULL,
	"multiple_no" integer,
	"leg_no" integer,
	"race_time" text NOT NULL,
	"course" text NOT NULL,
	"horse" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"replaces_id" integer,
	"proofed_at" timestamp with time zone,
	CONSTRAINT "proof_receipts_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "proof_stamps" (
	"id" serial PRIMARY KEY NOT NULL,
	"race_date" date NOT NULL,
	"receipts" integer NOT NULL,
	"root" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"tsa_url" text,
	"token" "bytea",
	"gen_time" timestamp with time zone,
	"outbox_key" text,
	"lodged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "race_results" ADD COLUMN "rule4_pence" integer;--> statement-breakpoint
ALTER TABLE "race_results" ADD COLUMN "rule4_applies_sp" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tip_records" ADD COLUMN "receipt_id" integer;--> statement-breakpoint
ALTER TABLE "multiple_legs" ADD CONSTRAINT "multiple_legs_multiple_id_multiple_bets_id_fk" FOREIGN KEY ("multiple_id") REFERENCES "public"."multiple_bets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "multiple_legs" ADD CONSTRAINT "multiple_legs_receipt_id_proof_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."proof_receipts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_receipts" ADD CONSTRAINT "proof_receipts_replaces_id_proof_receipts_id_fk" FOREIGN KEY ("replaces_id") REFERENCES "public"."proof_receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "multiple_bets_day_no" ON "multiple_bets" USING btree ("race_date","multiple_no");--> statement-breakpoint
CREATE UNIQUE INDEX "multiple_legs_multiple_leg" ON "multiple_legs" USING btree ("multiple_id","leg_no");--> statement-breakpoint
CREATE UNIQUE INDEX "proof_receipts_day_seq" ON "proof_receipts" USING btree ("race_date","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "proof_stamps_day_receipts" ON "proof_stamps" USING btree ("race_date","receipts");--> statement-breakpoint
CREATE INDEX "proof_stamps_status_idx" ON "proof_stamps" USING btree ("status","next_attempt_at");--> statement-breakpoint
ALTER TABLE "tip_records" ADD CONSTRAINT "tip_records_receipt_id_proof_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."proof_receipts"("id") ON DELETE set null ON UPDATE no action;