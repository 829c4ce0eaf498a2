-- search_words.books counted once per statement instead of once per row: a row trigger that adds 1
-- to the same word for each of 20,000 inserted books leaves 20,000 versions of that word's row in one
-- transaction, each update walking the ones before (100,000 generated books took minutes instead of
-- seconds). Inserts and deletes now count their words over the statement's rows (transition tables);
-- updates keep the row trigger, as PostgreSQL allows no transition table on `UPDATE OF` columns and
-- updates touch few books at a time. The change log is written per statement too.
CREATE FUNCTION books_count_words() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  emptied text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- Sorted, so two statements mostly lock shared words in the same order.
    INSERT INTO search_words (word, books)
    SELECT word, count(*)::int FROM changed_books,
      unnest(books_words(changed_books.title, changed_books.author, changed_books.category, changed_books.meta)) AS word
    GROUP BY word ORDER BY word
    ON CONFLICT (word) DO UPDATE SET books = search_words.books + excluded.books;
  ELSE
    WITH gone AS (
      SELECT word, count(*)::int AS books FROM changed_books,
        unnest(books_words(changed_books.title, changed_books.author, changed_books.category, changed_books.meta)) AS word
      GROUP BY word
    ), counted AS (
      UPDATE search_words SET books = search_words.books - gone.books FROM gone
      WHERE search_words.word = gone.word
      RETURNING search_words.word, search_words.books
    )
    SELECT coalesce(array_agg(word), '{}') INTO emptied FROM counted WHERE books <= 0;
    DELETE FROM search_words WHERE word = ANY(emptied) AND books <= 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER books_remember_words ON books;
--> statement-breakpoint
DROP TRIGGER books_forget_words ON books;
--> statement-breakpoint
CREATE TRIGGER books_remember_words
  AFTER UPDATE OF title, author, category, meta ON books
  FOR EACH ROW EXECUTE FUNCTION books_remember_words();
--> statement-breakpoint
CREATE TRIGGER books_count_inserted_words
  AFTER INSERT ON books REFERENCING NEW TABLE AS changed_books
  FOR EACH STATEMENT EXECUTE FUNCTION books_count_words();
--> statement-breakpoint
CREATE TRIGGER books_count_deleted_words
  AFTER DELETE ON books REFERENCING OLD TABLE AS changed_books
  FOR EACH STATEMENT EXECUTE FUNCTION books_count_words();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION books_log_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO book_changes (book_id) SELECT id FROM old_books;
  ELSE
    INSERT INTO book_changes (book_id) SELECT id FROM new_books;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER books_log_change ON books;
--> statement-breakpoint
CREATE TRIGGER books_log_inserts
  AFTER INSERT ON books REFERENCING NEW TABLE AS new_books
  FOR EACH STATEMENT EXECUTE FUNCTION books_log_changes();
--> statement-breakpoint
CREATE TRIGGER books_log_updates
  AFTER UPDATE ON books REFERENCING NEW TABLE AS new_books
  FOR EACH STATEMENT EXECUTE FUNCTION books_log_changes();
--> statement-breakpoint
CREATE TRIGGER books_log_deletes
  AFTER DELETE ON books REFERENCING OLD TABLE AS old_books
  FOR EACH STATEMENT EXECUTE FUNCTION books_log_changes();
--> statement-breakpoint
DROP FUNCTION books_log_change();
