-- Every change to a book, in order, for the in-memory search index of every server copy
-- (docs/search.md, "The in-memory index"): a copy reads the rows past those it has applied and reloads
-- those books. Kept by a trigger, so writes by any copy or by a script are seen; rows older than an
-- hour are deleted by the copies.
CREATE TABLE "book_changes" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"book_id" uuid NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "book_changes_changed_at_idx" ON "book_changes" USING btree ("changed_at");
--> statement-breakpoint
CREATE FUNCTION books_log_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO book_changes (book_id) VALUES (coalesce(NEW.id, OLD.id));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER books_log_change
  AFTER INSERT OR UPDATE OR DELETE ON books
  FOR EACH ROW EXECUTE FUNCTION books_log_change();
