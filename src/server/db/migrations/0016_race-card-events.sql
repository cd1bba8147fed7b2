CREATE TABLE "race_card_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"data" text NOT NULL
);
