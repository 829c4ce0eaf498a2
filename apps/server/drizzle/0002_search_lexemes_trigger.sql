-- Keeps search_lexemes holding every word of every book's search vector (see the table in
-- src/db/schema/books.ts). Only words with a letter, 2 to 40 characters: numbers are not typos.
CREATE FUNCTION books_remember_lexemes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_lexemes (lexeme)
  SELECT lexeme FROM unnest(tsvector_to_array(NEW.search_vector)) AS lexeme
  WHERE lexeme ~ '[[:alpha:]]' AND length(lexeme) BETWEEN 2 AND 40
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER books_remember_lexemes
  AFTER INSERT OR UPDATE OF title, author, category, meta ON books
  FOR EACH ROW EXECUTE FUNCTION books_remember_lexemes();
--> statement-breakpoint
INSERT INTO search_lexemes (lexeme)
SELECT DISTINCT lexeme FROM books, unnest(tsvector_to_array(books.search_vector)) AS lexeme
WHERE lexeme ~ '[[:alpha:]]' AND length(lexeme) BETWEEN 2 AND 40
ON CONFLICT DO NOTHING;
