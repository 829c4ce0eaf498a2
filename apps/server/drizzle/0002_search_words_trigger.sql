-- Keeps search_words holding every word of every book's title, author, category and tags (see the
-- table in src/db/schema/books.ts): lower case, unstemmed, as people type them. Only words with a
-- letter, 2 to 40 characters: numbers are not typos.
CREATE FUNCTION books_remember_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT word FROM unnest(tsvector_to_array(to_tsvector('simple',
    concat_ws(' ', NEW.title, NEW.author, NEW.category, NEW.meta->>'tags')))) AS word
  WHERE word ~ '[[:alpha:]]' AND length(word) BETWEEN 2 AND 40
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER books_remember_words
  AFTER INSERT OR UPDATE OF title, author, category, meta ON books
  FOR EACH ROW EXECUTE FUNCTION books_remember_words();
--> statement-breakpoint
INSERT INTO search_words (word)
SELECT DISTINCT word FROM books, unnest(tsvector_to_array(to_tsvector('simple',
  concat_ws(' ', books.title, books.author, books.category, books.meta->>'tags')))) AS word
WHERE word ~ '[[:alpha:]]' AND length(word) BETWEEN 2 AND 40
ON CONFLICT DO NOTHING;
