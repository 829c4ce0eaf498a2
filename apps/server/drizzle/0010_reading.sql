ALTER TABLE "books" ADD COLUMN "sample_pages" integer;
--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "sample_file_id" uuid;
--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "sample_status" text DEFAULT 'pending' NOT NULL;
--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_sample_file_id_files_id_fk" FOREIGN KEY ("sample_file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_sample_pages_check" CHECK ("books"."sample_pages" between 1 and 50);
--> statement-breakpoint
CREATE INDEX "books_sample_file_idx" ON "books" USING btree ("sample_file_id");
--> statement-breakpoint
CREATE TABLE "reading_progress" (
	"user_id" uuid NOT NULL,
	"book_id" uuid NOT NULL,
	"page" integer NOT NULL,
	"pages" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reading_progress_user_id_book_id_pk" PRIMARY KEY("user_id","book_id"),
	CONSTRAINT "reading_progress_page_check" CHECK ("reading_progress"."page" between 1 and "reading_progress"."pages" and "reading_progress"."pages" <= 100000)
);
--> statement-breakpoint
ALTER TABLE "reading_progress" ADD CONSTRAINT "reading_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reading_progress" ADD CONSTRAINT "reading_progress_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "reading_progress_user_updated_idx" ON "reading_progress" USING btree ("user_id","updated_at" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "reading_progress_book_idx" ON "reading_progress" USING btree ("book_id");
