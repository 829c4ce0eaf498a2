CREATE TABLE "sales_daily" (
	"day" date PRIMARY KEY NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	"refunded_cents" bigint DEFAULT 0 NOT NULL,
	"promotion_cents" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_book_daily" (
	"day" date NOT NULL,
	"book_id" uuid NOT NULL,
	"title" text NOT NULL,
	"copies" integer DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_book_daily_day_book_id_pk" PRIMARY KEY("day","book_id")
);
--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "order_items_title_trgm_idx" ON "order_items" USING gin ("title" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);
--> statement-breakpoint
-- The pre-summed sales (see src/db/schema/sales.ts). Every change to an order or an order line moves
-- its old contribution out and its new one in, in the same transaction. Lock order is always the
-- day's sales_daily row, then that day's book rows, so a checkout and a refund of the same day cannot
-- deadlock.
CREATE FUNCTION sales_bump(d date, n integer, revenue bigint, refunded bigint, promotion bigint) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO sales_daily AS s (day, orders, revenue_cents, refunded_cents, promotion_cents)
  VALUES (d, n, revenue, refunded, promotion)
  ON CONFLICT (day) DO UPDATE SET
    orders = s.orders + excluded.orders,
    revenue_cents = s.revenue_cents + excluded.revenue_cents,
    refunded_cents = s.refunded_cents + excluded.refunded_cents,
    promotion_cents = s.promotion_cents + excluded.promotion_cents;
$$;
--> statement-breakpoint
CREATE FUNCTION sales_bump_line(d date, line order_items, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sales_bump(d, 0, 0, 0,
    sign * CASE WHEN line.list_price_cents IS NULL THEN 0 ELSE greatest(line.list_price_cents - line.price_cents, 0) END);
  IF line.refund_id IS NULL AND line.book_id IS NOT NULL THEN
    INSERT INTO sales_book_daily AS b (day, book_id, title, copies, revenue_cents)
    VALUES (d, line.book_id, line.title, sign, sign * line.price_cents)
    ON CONFLICT (day, book_id) DO UPDATE SET
      title = greatest(b.title, excluded.title),
      copies = b.copies + excluded.copies,
      revenue_cents = b.revenue_cents + excluded.revenue_cents;
  END IF;
END
$$;
--> statement-breakpoint
CREATE FUNCTION sales_orders_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  line order_items;
  old_day date;
  new_day date;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_day := (OLD.created_at AT TIME ZONE 'UTC')::date;
    PERFORM sales_bump(old_day, -1, -OLD.total_cents, -OLD.refunded_cents, 0);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_day := (NEW.created_at AT TIME ZONE 'UTC')::date;
    PERFORM sales_bump(new_day, 1, NEW.total_cents, NEW.refunded_cents, 0);
  END IF;
  -- The lines count on their order's day: they move with it, and leave with it (before the cascade,
  -- whose own trigger then finds no order).
  IF TG_OP <> 'INSERT' AND old_day IS DISTINCT FROM new_day THEN
    FOR line IN SELECT * FROM order_items WHERE order_id = OLD.id LOOP
      PERFORM sales_bump_line(old_day, line, -1);
      IF new_day IS NOT NULL THEN
        PERFORM sales_bump_line(new_day, line, 1);
      END IF;
    END LOOP;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION sales_order_items_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d date;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    SELECT (created_at AT TIME ZONE 'UTC')::date INTO d FROM orders WHERE id = OLD.order_id;
    IF d IS NOT NULL THEN
      PERFORM sales_bump_line(d, OLD, -1);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT (created_at AT TIME ZONE 'UTC')::date INTO d FROM orders WHERE id = NEW.order_id;
    IF d IS NOT NULL THEN
      PERFORM sales_bump_line(d, NEW, 1);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sales_orders_written
  AFTER INSERT OR UPDATE OF created_at, total_cents, refunded_cents ON orders
  FOR EACH ROW EXECUTE FUNCTION sales_orders_changed();
--> statement-breakpoint
CREATE TRIGGER sales_orders_deleted
  BEFORE DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION sales_orders_changed();
--> statement-breakpoint
CREATE TRIGGER sales_order_items_written
  AFTER INSERT OR DELETE OR UPDATE OF order_id, book_id, title, price_cents, list_price_cents, refund_id ON order_items
  FOR EACH ROW EXECUTE FUNCTION sales_order_items_changed();
--> statement-breakpoint
INSERT INTO sales_daily (day, orders, revenue_cents, refunded_cents, promotion_cents)
SELECT (o.created_at AT TIME ZONE 'UTC')::date, count(*), sum(o.total_cents), sum(o.refunded_cents),
       coalesce(sum(p.promotion), 0)
FROM orders o
LEFT JOIN (
  SELECT order_id, sum(greatest(list_price_cents - price_cents, 0)) AS promotion
  FROM order_items WHERE list_price_cents IS NOT NULL GROUP BY order_id
) p ON p.order_id = o.id
GROUP BY 1;
--> statement-breakpoint
INSERT INTO sales_book_daily (day, book_id, title, copies, revenue_cents)
SELECT (o.created_at AT TIME ZONE 'UTC')::date, i.book_id, max(i.title), count(*), sum(i.price_cents)
FROM order_items i JOIN orders o ON o.id = i.order_id
WHERE i.refund_id IS NULL AND i.book_id IS NOT NULL
GROUP BY 1, 2;
