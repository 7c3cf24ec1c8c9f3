ALTER TABLE "products" ADD COLUMN "stock_alert" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "products_stock_alert_idx" ON "products" USING btree ("id") WHERE "products"."stock_alert" and "products"."status" = 'active';--> statement-breakpoint
-- What the column says for the products there are: on hand (0 without a level) at or below the alert quantity.
UPDATE "products" SET "stock_alert" = coalesce((SELECT "qty" FROM "stock_levels" WHERE "stock_levels"."product_id" = "products"."id"), 0) <= "alert_quantity";--> statement-breakpoint
-- The database keeps it true from now on, whoever writes: a product's row works it out from its
-- level when it is made or its alert quantity changes (any attempt to set it is recomputed)...
CREATE FUNCTION products_stock_alert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.stock_alert := coalesce((SELECT qty FROM stock_levels WHERE product_id = NEW.id), 0) <= NEW.alert_quantity;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER products_stock_alert BEFORE INSERT OR UPDATE OF alert_quantity, stock_alert ON products
  FOR EACH ROW EXECUTE FUNCTION products_stock_alert();--> statement-breakpoint
-- ...and the ledger's change of a level updates its product's row in the same statement, only
-- when the answer changes (so most movements write nothing more).
CREATE FUNCTION stock_levels_alert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET stock_alert = NEW.qty <= alert_quantity
    WHERE id = NEW.product_id AND stock_alert IS DISTINCT FROM (NEW.qty <= alert_quantity);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER stock_levels_alert AFTER INSERT OR UPDATE OF qty ON stock_levels
  FOR EACH ROW EXECUTE FUNCTION stock_levels_alert();
