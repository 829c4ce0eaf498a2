-- The pre-summed sales (0017_sales_daily.sql) summed again from the orders and their lines, in one
-- place: for a restore, whose rows arrive without the history the triggers saw, and for a generator
-- that writes orders with the triggers off. The same sums as the triggers keep, refunds left out of
-- the books' rows.
CREATE FUNCTION rebuild_sales_days() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM sales_book_daily;
  DELETE FROM sales_daily;
  INSERT INTO sales_daily (day, orders, revenue_cents, refunded_cents, promotion_cents)
  SELECT (o.created_at AT TIME ZONE 'UTC')::date, count(*), sum(o.total_cents), sum(o.refunded_cents),
         coalesce(sum(p.promotion), 0)
  FROM orders o
  LEFT JOIN (
    SELECT order_id, sum(greatest(list_price_cents - price_cents, 0)) AS promotion
    FROM order_items WHERE list_price_cents IS NOT NULL GROUP BY order_id
  ) p ON p.order_id = o.id
  GROUP BY 1;
  INSERT INTO sales_book_daily (day, book_id, title, copies, revenue_cents)
  SELECT (o.created_at AT TIME ZONE 'UTC')::date, i.book_id, max(i.title), count(*), sum(i.price_cents)
  FROM order_items i JOIN orders o ON o.id = i.order_id
  WHERE i.refund_id IS NULL AND i.book_id IS NOT NULL
  GROUP BY 1, 2;
$$;
