ALTER TABLE "products" ADD COLUMN "stock_alert" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "products_stock_alert_idx" ON "products" USING btree ("id") WHERE "products"."stock_alert" and "products"."status" = 'active';--> statement-breakpoint
-- What the column says for the products there are: on hand (0 without a level) at or below the alert quantity.
UPDATE "products" SET "stock_alert" = coalesce((SELECT "qty" FROM "stock_levels" WHERE "stock_levels"."product_id" = "products"."id"), 0) <= "alert_quantity";--> statement-breakpoint
-- The database keeps it true from now on, whoever writes, with statement triggers over the rows
-- a statement changed (one set-based UPDATE however many rows: a seed, an import, a stock count).
-- The UPDATEs run through EXECUTE so each is planned for the rows it has (one, or 100,000),
-- never with a plan cached for another size. A level's change updates its product only when
-- the answer flips, so most movements write nothing more and the ledger stays the only writer
-- of levels. No race with a change of the alert quantity: the ledger holds its products FOR NO
-- KEY UPDATE from before it moves a level until it commits, so an UPDATE of one waits for it
-- (or it for the UPDATE), and each trigger's EXECUTE reads what the other committed.
CREATE FUNCTION stock_alert_of_levels() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE 'UPDATE products p SET stock_alert = c.qty <= p.alert_quantity FROM changed_levels c
    WHERE p.id = c.product_id AND p.stock_alert IS DISTINCT FROM (c.qty <= p.alert_quantity)';
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER stock_levels_alert_insert AFTER INSERT ON stock_levels
  REFERENCING NEW TABLE AS changed_levels FOR EACH STATEMENT EXECUTE FUNCTION stock_alert_of_levels();--> statement-breakpoint
CREATE TRIGGER stock_levels_alert_update AFTER UPDATE ON stock_levels
  REFERENCING NEW TABLE AS changed_levels FOR EACH STATEMENT EXECUTE FUNCTION stock_alert_of_levels();--> statement-breakpoint
-- A product made or changed (its alert quantity, or anyone writing the flag itself) has it worked
-- out again from its level. Not for the trigger's own UPDATEs (depth > 1): those wrote it right.
CREATE FUNCTION stock_alert_of_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN
    RETURN NULL;
  END IF;
  EXECUTE 'UPDATE products p SET stock_alert = coalesce(l.qty, 0) <= p.alert_quantity
    FROM changed_products c LEFT JOIN stock_levels l ON l.product_id = c.id
    WHERE p.id = c.id AND p.stock_alert IS DISTINCT FROM (coalesce(l.qty, 0) <= p.alert_quantity)';
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER products_stock_alert_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS changed_products FOR EACH STATEMENT EXECUTE FUNCTION stock_alert_of_products();--> statement-breakpoint
CREATE TRIGGER products_stock_alert_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS changed_products FOR EACH STATEMENT EXECUTE FUNCTION stock_alert_of_products();
