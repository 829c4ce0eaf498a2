-- Review versions: every change to a book bumps `version`; an approval or rejection names the version
-- the admin looked at and applies only to it (a change in between answers 409 BOOK_CHANGED).
ALTER TABLE "books" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
-- The admin's optional reason for a rejection, shown to the submitter; cleared on resubmission.
ALTER TABLE "books" ADD COLUMN "rejection_reason" text;
--> statement-breakpoint
-- Known words are counted: `books` is how many books use the word. A word no book uses any more is
-- deleted, so the table stays the size of the catalogue's vocabulary (it grew forever before).
ALTER TABLE "search_words" ADD COLUMN "books" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION books_words(title text, author text, category text, meta jsonb) RETURNS text[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(DISTINCT word), '{}') FROM unnest(tsvector_to_array(to_tsvector('simple',
    concat_ws(' ', title, author, category, meta->>'tags')))) AS word
  WHERE word ~ '[[:alpha:]]' AND length(word) BETWEEN 2 AND 40
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION books_remember_words() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_words text[] := '{}';
  new_words text[] := '{}';
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    old_words := books_words(OLD.title, OLD.author, OLD.category, OLD.meta);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    new_words := books_words(NEW.title, NEW.author, NEW.category, NEW.meta);
  END IF;
  -- Sorted, so two books' triggers mostly lock shared words in the same order.
  INSERT INTO search_words (word, books)
  SELECT word, 1 FROM unnest(new_words) AS word WHERE NOT word = ANY(old_words) ORDER BY word
  ON CONFLICT (word) DO UPDATE SET books = search_words.books + 1;
  UPDATE search_words SET books = books - 1
  WHERE word IN (SELECT word FROM unnest(old_words) AS word WHERE NOT word = ANY(new_words) ORDER BY word);
  DELETE FROM search_words WHERE books <= 0 AND word = ANY(old_words);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER books_forget_words
  AFTER DELETE ON books
  FOR EACH ROW EXECUTE FUNCTION books_remember_words();
--> statement-breakpoint
UPDATE search_words SET books = counted.books FROM (
  SELECT word, count(*)::int AS books FROM books, unnest(books_words(books.title, books.author, books.category, books.meta)) AS word
  GROUP BY word
) AS counted WHERE search_words.word = counted.word;
--> statement-breakpoint
DELETE FROM search_words WHERE books = 0;
