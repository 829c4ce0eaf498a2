ALTER TABLE "books" ADD COLUMN "import_key" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "books_import_key_idx" ON "books" USING btree ("import_key");
--> statement-breakpoint
CREATE INDEX "books_isbn_idx" ON "books" USING btree (("meta"->>'sku'));
--> statement-breakpoint
CREATE INDEX "books_title_author_idx" ON "books" USING btree ("title_key",lower("author"));
