-- Search on real catalogues (docs/search.md): the title and author also as written ('simple'), so titles
-- made only of common words are findable; a normalised title for exact and starts-with matches and
-- suggestions; the GIN index without a pending list (fastupdate off), so a bulk load is searchable
-- at full speed without a VACUUM.
DROP INDEX "books_search_idx";--> statement-breakpoint
ALTER TABLE "books" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
          setweight(to_tsvector('simple', coalesce(title, '')), 'A') ||
          setweight(to_tsvector('english', coalesce(author, '')), 'B') ||
          setweight(to_tsvector('simple', coalesce(author, '')), 'B') ||
          setweight(to_tsvector('english', coalesce(category, '')), 'C') ||
          setweight(to_tsvector('english', coalesce(meta->>'tags', '')), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "title_key" text GENERATED ALWAYS AS (btrim(regexp_replace(lower(title), '[^[:alnum:]]+', ' ', 'g'))) STORED;--> statement-breakpoint
CREATE INDEX "books_search_idx" ON "books" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "books_public_title_key_idx" ON "books" USING btree ("title_key" collate "C") WHERE "books"."status" in ('added', 'approved');
