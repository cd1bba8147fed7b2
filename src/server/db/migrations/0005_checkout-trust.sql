ALTER TABLE "checkout_sessions" ADD COLUMN "created_account" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "duplicate_of_subscription_id" text;--> statement-breakpoint
CREATE INDEX "checkout_sessions_email_idx" ON "checkout_sessions" USING btree ("email","status");--> statement-breakpoint
-- Checkouts paid in the last day by a visitor whose account still has no password keep their password step.
UPDATE "checkout_sessions" AS c SET "created_account" = true FROM "users" AS u WHERE u."email" = c."email" AND c."status" = 'complete' AND c."started_by_user_id" IS NULL AND c."password_set_at" IS NULL AND u."password_hash" IS NULL AND c."completed_at" > now() - interval '24 hours';
