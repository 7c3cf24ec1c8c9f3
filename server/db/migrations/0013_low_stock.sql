-- The low-stock state moves off the products table. As products.stock_alert (migration 0009) it
-- was named by a partial index, so every flip was a non-HOT update of the whole product row: the
-- opening stock of 100,000 products rewrote nearly all of them and left the heap scattered and
-- the trigram indexes (0012) about three times their size, and every movement crossing an alert
-- quantity did the same to one product. Now a row per low product in a narrow table of its own:
-- a flip inserts or deletes that row, and a stock movement never writes a product row.
DROP TRIGGER "stock_levels_alert_insert" ON "stock_levels";--> statement-breakpoint
DROP TRIGGER "stock_levels_alert_update" ON "stock_levels";--> statement-breakpoint
DROP TRIGGER "products_stock_alert_insert" ON "products";--> statement-breakpoint
DROP TRIGGER "products_stock_alert_update" ON "products";--> statement-breakpoint
DROP FUNCTION stock_alert_of_levels();--> statement-breakpoint
DROP FUNCTION stock_alert_of_products();--> statement-breakpoint
CREATE TABLE "low_stock" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"active" boolean NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_stock_alert_idx";--> statement-breakpoint
ALTER TABLE "low_stock" ADD CONSTRAINT "low_stock_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "low_stock_active_idx" ON "low_stock" USING btree ("product_id") WHERE "low_stock"."active";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "stock_alert";--> statement-breakpoint
-- The products there are that are low: on hand (0 without a level) at or below the alert quantity.
INSERT INTO "low_stock" ("product_id", "active")
  SELECT p.id, p.status = 'active' FROM products p LEFT JOIN stock_levels l ON l.product_id = p.id
  WHERE coalesce(l.qty, 0) <= p.alert_quantity;--> statement-breakpoint
-- The database keeps it true from now on, whoever writes, with statement triggers over the rows a
-- statement changed (one set-based statement however many rows: a seed, an import, a stock count).
-- Each runs through EXECUTE so it is planned for the rows it has (one, or 100,000), never with a
-- plan cached for another size, and is ONE statement: the rows that stopped being low are deleted
-- in a CTE, those that are low inserted (already there: nothing). Products are only read. No race
-- with a change of the alert quantity or status: the ledger holds its products FOR NO KEY UPDATE
-- from before it moves a level until it commits, so an UPDATE of one waits for it (or it for the
-- UPDATE), and each trigger's EXECUTE reads what the other committed.
CREATE FUNCTION low_stock_of_levels() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE 'WITH c AS (
      SELECT n.product_id, n.qty <= p.alert_quantity AS low, p.status = ''active'' AS active
      FROM changed_levels n JOIN products p ON p.id = n.product_id),
    gone AS (DELETE FROM low_stock s USING c WHERE s.product_id = c.product_id AND NOT c.low)
    INSERT INTO low_stock (product_id, active) SELECT product_id, active FROM c WHERE low
    ON CONFLICT (product_id) DO NOTHING';
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER stock_levels_low_stock_insert AFTER INSERT ON stock_levels
  REFERENCING NEW TABLE AS changed_levels FOR EACH STATEMENT EXECUTE FUNCTION low_stock_of_levels();--> statement-breakpoint
CREATE TRIGGER stock_levels_low_stock_update AFTER UPDATE ON stock_levels
  REFERENCING NEW TABLE AS changed_levels FOR EACH STATEMENT EXECUTE FUNCTION low_stock_of_levels();--> statement-breakpoint
-- A product made or changed (its alert quantity, its status) is worked out again from its level;
-- `active` follows the status, so the bell counts an index of its own.
CREATE FUNCTION low_stock_of_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE 'WITH c AS (
      SELECT n.id AS product_id, coalesce(l.qty, 0) <= n.alert_quantity AS low, n.status = ''active'' AS active
      FROM changed_products n LEFT JOIN stock_levels l ON l.product_id = n.id),
    gone AS (DELETE FROM low_stock s USING c WHERE s.product_id = c.product_id AND NOT c.low)
    INSERT INTO low_stock (product_id, active) SELECT product_id, active FROM c WHERE low
    ON CONFLICT (product_id) DO UPDATE SET active = excluded.active WHERE low_stock.active IS DISTINCT FROM excluded.active';
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER products_low_stock_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS changed_products FOR EACH STATEMENT EXECUTE FUNCTION low_stock_of_products();--> statement-breakpoint
CREATE TRIGGER products_low_stock_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS changed_products FOR EACH STATEMENT EXECUTE FUNCTION low_stock_of_products();
