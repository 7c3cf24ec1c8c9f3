-- The figures of the dashboard and the reports (issue 36, server/insight/).
-- 1. sale_days: the shop's selling per day, so the dashboard's month, its 12-month chart and the
--    sales-by-day report read a row a day instead of every sale and line of a year. The one
--    definition (domain/insight/dashboard.ts) is written here, once:
--      a completed sale counts on its sold_on: 1, grand_total, tax (line + document tax),
--        revenue (grand_total less tax and shipping) and cost (Σ its lines' unit_cost × quantity);
--      a return counts on its returned_on: 1, grand_total, tax_total, revenue (grand_total less
--        tax_total) and cost (Σ its lines' unit_cost × quantity, the cost they came back at).
--    Kept as 0011 keeps the document tallies, for the same reason (no tally row locked before a
--    transaction's last step, so no deadlock with the product locks of stock moves): statement
--    triggers on the four tables stage the change of each statement in sale_day_changes — a row's
--    contribution as it is after less as it was — and the changes are added at commit by a
--    deferred trigger on 0011's document_tally_commits, after the tallies' own (triggers fire by
--    name), in day order. A sale's contribution reads its lines as they are and a line's reads its
--    sale as it is, so whichever is written first, the day adds up to the documents.
CREATE TABLE "sale_days" (
	"day" date PRIMARY KEY NOT NULL,
	"sales" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"tax" bigint DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	"returns" bigint DEFAULT 0 NOT NULL,
	"returned" bigint DEFAULT 0 NOT NULL,
	"returned_tax" bigint DEFAULT 0 NOT NULL,
	"returned_revenue" bigint DEFAULT 0 NOT NULL,
	"returned_cost" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- sale_product_days: the same selling per day, product and tax rate, from the lines: a completed
-- sale's lines count on its sold_on (+) and a return's lines on its returned_on (−): units, net,
-- tax, total and cost (unit_cost × units). What the line reports (by product, category, tax rate,
-- profit by product) and the dashboard's top products read instead of a month of lines; kept by
-- the same triggers, staged and added at commit in the same transaction as sale_days.
CREATE TABLE "sale_product_days" (
	"day" date NOT NULL,
	"product_id" integer NOT NULL,
	"tax_bps" integer NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	"tax" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sale_product_days_pk" PRIMARY KEY ("day", "product_id", "tax_bps")
);
--> statement-breakpoint
-- sale_product_months: the same per calendar month (its first day), so a month's lines are a row
-- a product and rate, not one a day: a range reads the months it touches less the days of them it
-- leaves out (figures.ts). Added at commit from the same staged changes.
CREATE TABLE "sale_product_months" (LIKE "sale_product_days" INCLUDING DEFAULTS);--> statement-breakpoint
ALTER TABLE "sale_product_months" RENAME COLUMN "day" TO "month";--> statement-breakpoint
ALTER TABLE "sale_product_months" ADD CONSTRAINT "sale_product_months_pk" PRIMARY KEY ("month", "product_id", "tax_bps");
--> statement-breakpoint
CREATE TABLE sale_product_day_changes (
  txid bigint NOT NULL,
  day date NOT NULL,
  product_id integer NOT NULL,
  tax_bps integer NOT NULL,
  quantity bigint NOT NULL,
  net bigint NOT NULL,
  tax bigint NOT NULL,
  total bigint NOT NULL,
  cost bigint NOT NULL
);--> statement-breakpoint
CREATE INDEX sale_product_day_changes_txid_idx ON sale_product_day_changes (txid);--> statement-breakpoint
CREATE TABLE sale_day_changes (
  txid bigint NOT NULL,
  day date NOT NULL,
  sales bigint NOT NULL,
  total bigint NOT NULL,
  tax bigint NOT NULL,
  revenue bigint NOT NULL,
  cost bigint NOT NULL,
  returns bigint NOT NULL,
  returned bigint NOT NULL,
  returned_tax bigint NOT NULL,
  returned_revenue bigint NOT NULL,
  returned_cost bigint NOT NULL
);--> statement-breakpoint
CREATE INDEX sale_day_changes_txid_idx ON sale_day_changes (txid);--> statement-breakpoint
-- The definition: what the rows of `rel` (one of `tbl`'s rows, or a transition table of them)
-- add to their days, times `sign`, as a SELECT of (day, sales, total, tax, revenue, cost, returns,
-- returned, returned_tax, returned_revenue, returned_cost).
CREATE FUNCTION sale_days_of(tbl text, rel text, sign int) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE tbl
    WHEN 'sales' THEN format($q$SELECT r.sold_on AS day, %1$s::bigint AS sales, %1$s * r.grand_total AS total, %1$s * (r.line_tax + r.document_tax) AS tax,
        %1$s * (r.grand_total - r.line_tax - r.document_tax - r.shipping_total) AS revenue,
        %1$s * coalesce((SELECT sum(l.unit_cost::bigint * l.quantity) FROM sale_lines l WHERE l.sale_id = r.id), 0) AS cost,
        0::bigint AS returns, 0::bigint AS returned, 0::bigint AS returned_tax, 0::bigint AS returned_revenue, 0::bigint AS returned_cost
      FROM %2$I r WHERE r.status = 'completed'$q$, sign, rel)
    WHEN 'sale_lines' THEN format($q$SELECT s.sold_on, 0::bigint, 0::bigint, 0::bigint, 0::bigint, %1$s * r.unit_cost::bigint * r.quantity, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint
      FROM %2$I r JOIN sales s ON s.id = r.sale_id WHERE s.status = 'completed'$q$, sign, rel)
    WHEN 'sale_returns' THEN format($q$SELECT r.returned_on, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, %1$s::bigint, %1$s * r.grand_total, %1$s * r.tax_total, %1$s * (r.grand_total - r.tax_total),
        %1$s * coalesce((SELECT sum(l.unit_cost::bigint * l.quantity) FROM sale_return_lines l WHERE l.return_id = r.id), 0)
      FROM %2$I r$q$, sign, rel)
    WHEN 'sale_return_lines' THEN format($q$SELECT s.returned_on, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, 0::bigint, %1$s * r.unit_cost::bigint * r.quantity
      FROM %2$I r JOIN sale_returns s ON s.id = r.return_id$q$, sign, rel)
  END
$$;--> statement-breakpoint
-- The definition by line: what the rows of `rel` (of `tbl`) add to their day × product × rate,
-- times `sign`, as a SELECT of (day, product_id, tax_bps, quantity, net, tax, total, cost). A
-- sale reads its lines as they are and a line its sale as it is (as sale_days_of does for cost).
CREATE FUNCTION sale_product_days_of(tbl text, rel text, sign int) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE tbl
    WHEN 'sales' THEN format($q$SELECT r.sold_on AS day, l.product_id, l.tax_bps, %1$s * l.quantity::bigint AS quantity, %1$s * l.net AS net, %1$s * l.tax AS tax,
        %1$s * l.total AS total, %1$s * l.unit_cost::bigint * l.quantity AS cost
      FROM %2$I r JOIN sale_lines l ON l.sale_id = r.id WHERE r.status = 'completed'$q$, sign, rel)
    WHEN 'sale_lines' THEN format($q$SELECT s.sold_on, r.product_id, r.tax_bps, %1$s * r.quantity::bigint, %1$s * r.net, %1$s * r.tax, %1$s * r.total, %1$s * r.unit_cost::bigint * r.quantity
      FROM %2$I r JOIN sales s ON s.id = r.sale_id WHERE s.status = 'completed'$q$, sign, rel)
    WHEN 'sale_returns' THEN format($q$SELECT r.returned_on, l.product_id, l.tax_bps, -(%1$s) * l.quantity::bigint, -(%1$s) * l.net, -(%1$s) * l.tax, -(%1$s) * l.total, -(%1$s) * l.unit_cost::bigint * l.quantity
      FROM %2$I r JOIN sale_return_lines l ON l.return_id = r.id$q$, sign, rel)
    WHEN 'sale_return_lines' THEN format($q$SELECT s.returned_on, r.product_id, r.tax_bps, -(%1$s) * r.quantity::bigint, -(%1$s) * r.net, -(%1$s) * r.tax, -(%1$s) * r.total, -(%1$s) * r.unit_cost::bigint * r.quantity
      FROM %2$I r JOIN sale_returns s ON s.id = r.return_id$q$, sign, rel)
  END
$$;--> statement-breakpoint
-- The days as the documents say now (the back-fill, and after a TRUNCATE of any of the four).
CREATE FUNCTION sale_days_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sale_days;
  EXECUTE format(
    'INSERT INTO sale_days (day, sales, total, tax, revenue, cost, returns, returned, returned_tax, returned_revenue, returned_cost)
     SELECT day, sum(sales), sum(total), sum(tax), sum(revenue), sum(cost), sum(returns), sum(returned), sum(returned_tax), sum(returned_revenue), sum(returned_cost)
     FROM (%s UNION ALL %s) c GROUP BY day',
    sale_days_of('sales', 'sales', 1), sale_days_of('sale_returns', 'sale_returns', 1));
  DELETE FROM sale_product_days;
  EXECUTE format(
    'INSERT INTO sale_product_days (day, product_id, tax_bps, quantity, net, tax, total, cost)
     SELECT day, product_id, tax_bps, sum(quantity), sum(net), sum(tax), sum(total), sum(cost)
     FROM (%s UNION ALL %s) c GROUP BY day, product_id, tax_bps
     HAVING sum(quantity) <> 0 OR sum(net) <> 0 OR sum(tax) <> 0 OR sum(total) <> 0 OR sum(cost) <> 0',
    sale_product_days_of('sales', 'sales', 1), sale_product_days_of('sale_returns', 'sale_returns', 1));
  DELETE FROM sale_product_months;
  INSERT INTO sale_product_months (month, product_id, tax_bps, quantity, net, tax, total, cost)
  SELECT date_trunc('month', day)::date, product_id, tax_bps, sum(quantity), sum(net), sum(tax), sum(total), sum(cost)
  FROM sale_product_days GROUP BY 1, 2, 3;
END;
$$;--> statement-breakpoint
CREATE FUNCTION sale_days_stage() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes text;
  staged bigint;
  lines bigint;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM sale_days_rebuild();
    RETURN NULL;
  END IF;
  changes := concat_ws(' UNION ALL ',
    CASE WHEN TG_OP <> 'DELETE' THEN sale_days_of(TG_TABLE_NAME, 'new_rows', 1) END,
    CASE WHEN TG_OP <> 'INSERT' THEN sale_days_of(TG_TABLE_NAME, 'old_rows', -1) END);
  EXECUTE format(
    'INSERT INTO sale_day_changes (txid, day, sales, total, tax, revenue, cost, returns, returned, returned_tax, returned_revenue, returned_cost)
     SELECT txid_current(), day, sum(sales), sum(total), sum(tax), sum(revenue), sum(cost), sum(returns), sum(returned), sum(returned_tax), sum(returned_revenue), sum(returned_cost)
     FROM (%s) c (day, sales, total, tax, revenue, cost, returns, returned, returned_tax, returned_revenue, returned_cost)
     GROUP BY day
     HAVING sum(sales) <> 0 OR sum(total) <> 0 OR sum(tax) <> 0 OR sum(revenue) <> 0 OR sum(cost) <> 0
         OR sum(returns) <> 0 OR sum(returned) <> 0 OR sum(returned_tax) <> 0 OR sum(returned_revenue) <> 0 OR sum(returned_cost) <> 0',
    changes);
  GET DIAGNOSTICS staged = ROW_COUNT;
  changes := concat_ws(' UNION ALL ',
    CASE WHEN TG_OP <> 'DELETE' THEN sale_product_days_of(TG_TABLE_NAME, 'new_rows', 1) END,
    CASE WHEN TG_OP <> 'INSERT' THEN sale_product_days_of(TG_TABLE_NAME, 'old_rows', -1) END);
  EXECUTE format(
    'INSERT INTO sale_product_day_changes (txid, day, product_id, tax_bps, quantity, net, tax, total, cost)
     SELECT txid_current(), day, product_id, tax_bps, sum(quantity), sum(net), sum(tax), sum(total), sum(cost)
     FROM (%s) c (day, product_id, tax_bps, quantity, net, tax, total, cost)
     GROUP BY day, product_id, tax_bps
     HAVING sum(quantity) <> 0 OR sum(net) <> 0 OR sum(tax) <> 0 OR sum(total) <> 0 OR sum(cost) <> 0',
    changes);
  GET DIAGNOSTICS lines = ROW_COUNT;
  IF staged > 0 OR lines > 0 THEN
    INSERT INTO document_tally_commits (txid) VALUES (txid_current()) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION sale_days_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE
    'INSERT INTO sale_days AS t (day, sales, total, tax, revenue, cost, returns, returned, returned_tax, returned_revenue, returned_cost)
     SELECT day, sum(sales), sum(total), sum(tax), sum(revenue), sum(cost), sum(returns), sum(returned), sum(returned_tax), sum(returned_revenue), sum(returned_cost)
     FROM sale_day_changes WHERE txid = $1
     GROUP BY day ORDER BY day
     ON CONFLICT (day) DO UPDATE SET sales = t.sales + excluded.sales, total = t.total + excluded.total, tax = t.tax + excluded.tax,
       revenue = t.revenue + excluded.revenue, cost = t.cost + excluded.cost, returns = t.returns + excluded.returns,
       returned = t.returned + excluded.returned, returned_tax = t.returned_tax + excluded.returned_tax,
       returned_revenue = t.returned_revenue + excluded.returned_revenue, returned_cost = t.returned_cost + excluded.returned_cost'
    USING NEW.txid;
  EXECUTE 'DELETE FROM sale_day_changes WHERE txid = $1' USING NEW.txid;
  -- A row that comes to nothing (a sale and its return, a line moved to another rate) stays, at 0.
  EXECUTE
    'INSERT INTO sale_product_days AS t (day, product_id, tax_bps, quantity, net, tax, total, cost)
     SELECT day, product_id, tax_bps, sum(quantity), sum(net), sum(tax), sum(total), sum(cost)
     FROM sale_product_day_changes WHERE txid = $1
     GROUP BY day, product_id, tax_bps ORDER BY day, product_id, tax_bps
     ON CONFLICT (day, product_id, tax_bps) DO UPDATE SET quantity = t.quantity + excluded.quantity, net = t.net + excluded.net,
       tax = t.tax + excluded.tax, total = t.total + excluded.total, cost = t.cost + excluded.cost'
    USING NEW.txid;
  EXECUTE
    'INSERT INTO sale_product_months AS t (month, product_id, tax_bps, quantity, net, tax, total, cost)
     SELECT date_trunc(''month'', day)::date, product_id, tax_bps, sum(quantity), sum(net), sum(tax), sum(total), sum(cost)
     FROM sale_product_day_changes WHERE txid = $1
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
     ON CONFLICT (month, product_id, tax_bps) DO UPDATE SET quantity = t.quantity + excluded.quantity, net = t.net + excluded.net,
       tax = t.tax + excluded.tax, total = t.total + excluded.total, cost = t.cost + excluded.cost'
    USING NEW.txid;
  EXECUTE 'DELETE FROM sale_product_day_changes WHERE txid = $1' USING NEW.txid;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Named after 0011's document_tallies_apply so it fires after it: a transaction locks every
-- tally row, then its days, then its days × products, in one order.
CREATE CONSTRAINT TRIGGER document_tallies_apply_sale_days AFTER INSERT ON document_tally_commits
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sale_days_apply();--> statement-breakpoint
LOCK TABLE sales, sale_lines, sale_returns, sale_return_lines IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
SELECT sale_days_rebuild();--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['sales', 'sale_lines', 'sale_returns', 'sale_return_lines'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sale_days_stage()', t || '_sale_days_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sale_days_stage()', t || '_sale_days_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sale_days_stage()', t || '_sale_days_delete', t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION sale_days_stage()', t || '_sale_days_truncate', t);
  END LOOP;
END;
$$;--> statement-breakpoint
-- The reports by customer and by cashier read a range's sales, and the one by payment method its
-- payments, from these indexes alone (an index-only scan of the range, not the rows of a year);
-- so does the dashboard's till today (channel, and id to join the day's payments: ~2,700 sales a
-- day at 1,000,000 a year, each fetched from the table was 30 ms).
CREATE INDEX "sales_figures_idx" ON "sales" USING btree ("sold_on") INCLUDE ("status", "customer_id", "created_by", "grand_total", "paid", "refunded", "returned_total", "channel", "id");--> statement-breakpoint
CREATE INDEX "document_payments_paid_on_idx" ON "document_payments" USING btree ("doc_type", "paid_on") INCLUDE ("method", "amount");--> statement-breakpoint
-- A month's rows per product (the dashboard's top products, the line reports over whole months)
-- from this index alone, in its order: an index-only scan and a sorted aggregate, not a hash of
-- the month's ~85,000 rows.
CREATE INDEX "sale_product_months_product_idx" ON "sale_product_months" USING btree ("month", "product_id") INCLUDE ("quantity", "net", "tax", "total", "cost");--> statement-breakpoint
-- 2. "reports" (issue 36, domain/permissions.ts): the reports and the shop's own figures on the
-- dashboard. On a database that has permissions it makes the Reports module and goes to every
-- role that sees purchases ('purchase list'): the shop's money was theirs to see already; a
-- Cashier, who has not, sees the till's figures only. A fresh database has no permissions yet:
-- nothing happens here, the seed adds them (the Manager holds everything outside Administration).
-- Its description is the app's, filled in at the next start as every permission's is.
INSERT INTO "permission_modules" ("name")
SELECT 'Reports' WHERE EXISTS (SELECT 1 FROM "permissions")
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "permissions" ("name", "module_id")
SELECT 'reports', m."id" FROM "permission_modules" m WHERE m."name" = 'Reports'
ON CONFLICT ("name") DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT rp."role_id", np."id"
FROM "permissions" gp
JOIN "role_permissions" rp ON rp."permission_id" = gp."id"
JOIN "permissions" np ON np."name" = 'reports'
WHERE gp."name" = 'purchase list'
ON CONFLICT DO NOTHING;
