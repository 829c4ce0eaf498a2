-- Every change to books also notifies the channel `book_changes` (once per transaction: PostgreSQL
-- folds identical notifications), which every server copy listens on: a copy's in-memory search
-- index applies other copies' and scripts' writes on its next search after the notice, without asking
-- the database on every search (docs/search.md, "Freshness").
CREATE OR REPLACE FUNCTION books_log_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO book_changes (book_id) VALUES (coalesce(NEW.id, OLD.id));
  PERFORM pg_notify('book_changes', '');
  RETURN NULL;
END
$$;
