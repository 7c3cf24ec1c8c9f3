CREATE TABLE "row_counts" (
	"table_name" varchar(64) PRIMARY KEY NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "row_counts_n_check" CHECK ("row_counts"."n" >= 0)
);
--> statement-breakpoint
-- Statement triggers keep a counted table's row here whoever writes (the API, a seed, an
-- import): one UPDATE per statement, and none for a statement that changed no row, so an
-- INSERT … ON CONFLICT DO NOTHING that did nothing locks nothing. Writers of one counted table
-- queue on its row until they commit; adding products is not a hot path.
CREATE FUNCTION row_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE c bigint;
BEGIN
  EXECUTE 'SELECT count(*) FROM added_rows' INTO c;
  IF c > 0 THEN
    UPDATE row_counts SET n = n + c WHERE table_name = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION row_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE c bigint;
BEGIN
  EXECUTE 'SELECT count(*) FROM removed_rows' INTO c;
  IF c > 0 THEN
    UPDATE row_counts SET n = n - c WHERE table_name = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION row_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE row_counts SET n = 0 WHERE table_name = TG_TABLE_NAME;
  RETURN NULL;
END;
$$;--> statement-breakpoint
INSERT INTO "row_counts" ("table_name", "n") SELECT 'products', count(*) FROM "products";--> statement-breakpoint
CREATE TRIGGER products_count_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS added_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_add();--> statement-breakpoint
CREATE TRIGGER products_count_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS removed_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_remove();--> statement-breakpoint
CREATE TRIGGER products_count_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_clear();
