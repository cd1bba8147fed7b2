CREATE TABLE "file_pieces" (
	"file_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "file_pieces_file_id_seq_pk" PRIMARY KEY("file_id","seq")
);
--> statement-breakpoint
ALTER TABLE "file_pieces" ADD CONSTRAINT "file_pieces_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Files stored before this migration keep their bytes, as their one and only piece.
INSERT INTO "file_pieces" ("file_id", "seq", "data") SELECT "id", 0, "data" FROM "files";--> statement-breakpoint
ALTER TABLE "files" DROP COLUMN "data";