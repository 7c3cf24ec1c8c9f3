-- The product searches match lower(name) / lower(sku) LIKE lower(pattern) (server/crud/sql.ts lowerContains):
-- the same rows as ILIKE, with a plain LIKE recheck of each candidate instead of ILIKE folding its case.
DROP INDEX "products_name_trgm";--> statement-breakpoint
DROP INDEX "products_sku_trgm";--> statement-breakpoint
CREATE INDEX "products_name_lower_trgm" ON "products" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_sku_lower_trgm" ON "products" USING gin (lower("sku") gin_trgm_ops);