ALTER TABLE "files" ADD COLUMN "pages" integer;
--> statement-breakpoint
CREATE TABLE "document_failures" (
	"file_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_failures_file_id_kind_pk" PRIMARY KEY("file_id","kind")
);
--> statement-breakpoint
ALTER TABLE "document_failures" ADD CONSTRAINT "document_failures_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "sample_recuts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"book_id" uuid NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sample_recuts" ADD CONSTRAINT "sample_recuts_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sample_recuts" ADD CONSTRAINT "sample_recuts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "sample_recuts_book_idx" ON "sample_recuts" USING btree ("book_id","created_at");
--> statement-breakpoint
CREATE INDEX "sample_recuts_user_idx" ON "sample_recuts" USING btree ("user_id","created_at");
