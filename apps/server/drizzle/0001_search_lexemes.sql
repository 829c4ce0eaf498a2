CREATE TABLE "search_lexemes" (
	"lexeme" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "books_title_trgm_idx";--> statement-breakpoint
DROP INDEX "books_author_trgm_idx";--> statement-breakpoint
CREATE INDEX "search_lexemes_trgm_idx" ON "search_lexemes" USING gin ("lexeme" gin_trgm_ops);