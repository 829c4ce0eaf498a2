CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "books_title_trgm_idx";--> statement-breakpoint
DROP INDEX "books_author_trgm_idx";--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "books_public_title_idx" ON "books" USING btree (lower("title"),"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "books"."status" in ('added', 'approved');--> statement-breakpoint
CREATE INDEX "books_public_price_asc_idx" ON "books" USING btree ("price_cents","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "books"."status" in ('added', 'approved');--> statement-breakpoint
CREATE INDEX "books_public_price_desc_idx" ON "books" USING btree ("price_cents" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "books"."status" in ('added', 'approved');