-- The stock ledger is append-only: a correction is a new movement, never an edit. The app has
-- no code that updates or deletes a movement; this makes that a database fact, so no script,
-- console session or future bug can rewrite what happened to stock.
CREATE FUNCTION stock_movements_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'stock movements are append-only: record a correcting movement instead'
    USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER stock_movements_append_only BEFORE UPDATE OR DELETE ON stock_movements
  FOR EACH ROW EXECUTE FUNCTION stock_movements_append_only();
