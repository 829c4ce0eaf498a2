ALTER TABLE "books" ADD COLUMN "epub_file_id" uuid;
--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "epub_sample_file_id" uuid;
--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "epub_sample_status" text DEFAULT 'pending' NOT NULL;
--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_epub_file_id_files_id_fk" FOREIGN KEY ("epub_file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_epub_sample_file_id_files_id_fk" FOREIGN KEY ("epub_sample_file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "books_epub_file_idx" ON "books" USING btree ("epub_file_id");
--> statement-breakpoint
CREATE INDEX "books_epub_sample_file_idx" ON "books" USING btree ("epub_sample_file_id");
--> statement-breakpoint
ALTER TABLE "reading_progress" ADD COLUMN "format" text DEFAULT 'pdf' NOT NULL;
--> statement-breakpoint
ALTER TABLE "reading_progress" ADD COLUMN "locator" text;
--> statement-breakpoint
ALTER TABLE "reading_progress" ADD COLUMN "percentage" double precision;
--> statement-breakpoint
ALTER TABLE "reading_progress" ALTER COLUMN "page" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "reading_progress" ALTER COLUMN "pages" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "reading_progress" DROP CONSTRAINT "reading_progress_page_check";
--> statement-breakpoint
ALTER TABLE "reading_progress" ADD CONSTRAINT "reading_progress_position_check" CHECK (("reading_progress"."format" = 'pdf' and "reading_progress"."page" between 1 and "reading_progress"."pages" and "reading_progress"."pages" <= 100000 and "reading_progress"."locator" is null) or ("reading_progress"."format" = 'epub' and "reading_progress"."page" is null and "reading_progress"."pages" is null and char_length("reading_progress"."locator") between 1 and 1000 and "reading_progress"."percentage" between 0 and 1));
--> statement-breakpoint
ALTER TABLE "stamped_copies" ADD COLUMN "format" text DEFAULT 'pdf' NOT NULL;
--> statement-breakpoint
ALTER TABLE "stamped_copies" DROP CONSTRAINT "stamped_copies_user_id_book_id_pk";
--> statement-breakpoint
ALTER TABLE "stamped_copies" ADD CONSTRAINT "stamped_copies_user_id_book_id_format_pk" PRIMARY KEY("user_id","book_id","format");
