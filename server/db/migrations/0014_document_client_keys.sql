-- Document engine (server/documents/engine.ts): keys that fit the till, and numbers taken last.
-- Additive only: no column is dropped or renamed, so a server of the previous version keeps
-- working against this schema while the next one rolls out.
--
-- 1. An idempotency key is the CLIENT's (a till or a browser tab, header X-Client-Id), not the
--    signed-in staff member's: another person signing in on the same till replays its keys.
--    Keys made so far were their user's: they become `user:<id>`, the client id a request
--    without X-Client-Id falls back to, so a retry across this migration still replays.
ALTER TABLE "idempotency_keys" ADD COLUMN "client_id" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "idempotency_keys" SET "client_id" = 'user:' || "user_id" WHERE "user_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_scope_key_pk";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_scope_client_id_key_pk" PRIMARY KEY("scope","client_id","key");--> statement-breakpoint
-- 2. A document made under a key keeps the client id and key for good, unique: a request
--    replayed after its idempotency_keys row was purged (kept 48 hours) is recognised and
--    answers the first document instead of recording a second one.
ALTER TABLE "purchases" ADD COLUMN "client_id" varchar(64);--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "client_key" varchar(255);--> statement-breakpoint
ALTER TABLE "stock_counts" ADD COLUMN "client_id" varchar(64);--> statement-breakpoint
ALTER TABLE "stock_counts" ADD COLUMN "client_key" varchar(255);--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_client_key_unique" ON "purchases" USING btree ("client_id","client_key") WHERE "purchases"."client_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_counts_client_key_unique" ON "stock_counts" USING btree ("client_id","client_key") WHERE "stock_counts"."client_key" is not null;--> statement-breakpoint
-- 3. The engine inserts a document first and takes its number LAST in the transaction, so the
--    series' counter row (document_counters, locked by its UPDATE until commit) is held for
--    the last statements only, not while lines are written and stock waits for its locks. The
--    reference is therefore empty inside that transaction: NOT NULL could not wait for the end
--    (a CHECK cannot be deferred) and a placeholder would need its own uniqueness. So the column
--    takes NULL (the unique index allows many; nothing but this transaction sees the row) and a
--    deferred constraint trigger makes "every document committed has its number" a database
--    fact again: it fires only for a row written without one (WHEN is checked at once, so a
--    numbered insert, an import or the bench's million rows queue nothing) and looks at the row
--    as it is at commit. Servers of the previous version never see a NULL reference.
ALTER TABLE "purchases" ALTER COLUMN "reference" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_counts" ALTER COLUMN "reference" DROP NOT NULL;--> statement-breakpoint
CREATE FUNCTION document_numbered() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unnumbered boolean;
BEGIN
  EXECUTE format('SELECT reference IS NULL FROM %I.%I WHERE id = $1', TG_TABLE_SCHEMA, TG_TABLE_NAME) INTO unnumbered USING NEW.id;
  IF unnumbered THEN
    RAISE EXCEPTION '% % has no number at commit: the engine numbers a document in the transaction that makes it', TG_TABLE_NAME, NEW.id
      USING ERRCODE = 'not_null_violation';
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER purchases_numbered AFTER INSERT OR UPDATE OF reference ON purchases
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.reference IS NULL) EXECUTE FUNCTION document_numbered();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER stock_counts_numbered AFTER INSERT OR UPDATE OF reference ON stock_counts
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.reference IS NULL) EXECUTE FUNCTION document_numbered();
