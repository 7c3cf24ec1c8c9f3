-- The till's server half (domain/pos/till.ts, server/pos/*): register sessions (RS-, numbered as
-- 0014 numbers documents; at most one open per person, a partial unique index), their cash
-- movements, and the link of a till sale and of a return to the session it was made in.
-- The till's catalogue sync: products and stock levels keep the id of the transaction that last
-- changed what the till shows (catalogue_xid, xid8 as a bigint; products by a trigger, since many
-- writers change them; levels by the ledger's own statements, their one writer), and deleted
-- products leave a row in catalogue_retired. A sync answers rows changed by transactions at or
-- after the oldest one running when it last read, so a change committed late is never missed.
-- Existing rows take 0 (instant, no rewrite): the first sync sends them whole. Additive only.
CREATE TABLE "cash_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"direction" varchar(3) NOT NULL,
	"amount" bigint NOT NULL,
	"reason" varchar(200) NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_movements_amount_check" CHECK ("cash_movements"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "catalogue_retired" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"catalogue_xid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "register_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" varchar(32),
	"client_id" varchar(64),
	"client_key" varchar(255),
	"opened_by" integer NOT NULL,
	"opened_on" date NOT NULL,
	"status" varchar(16) DEFAULT 'open' NOT NULL,
	"opening_float" bigint NOT NULL,
	"note" text,
	"closed_at" timestamp with time zone,
	"closing" jsonb,
	"difference" bigint,
	"close_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "register_sessions_float_check" CHECK ("register_sessions"."opening_float" >= 0)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "catalogue_xid" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "catalogue_xid" SET DEFAULT (pg_current_xact_id()::text::bigint);--> statement-breakpoint
ALTER TABLE "sale_returns" ADD COLUMN "register_session_id" integer;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "register_session_id" integer;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD COLUMN "catalogue_xid" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_levels" ALTER COLUMN "catalogue_xid" SET DEFAULT (pg_current_xact_id()::text::bigint);--> statement-breakpoint
ALTER TABLE "cash_movements" ADD CONSTRAINT "cash_movements_session_id_register_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."register_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_movements" ADD CONSTRAINT "cash_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_sessions" ADD CONSTRAINT "register_sessions_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cash_movements_session_idx" ON "cash_movements" USING btree ("session_id","id");--> statement-breakpoint
CREATE INDEX "cash_movements_user_idx" ON "cash_movements" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "catalogue_retired_xid_idx" ON "catalogue_retired" USING btree ("catalogue_xid");--> statement-breakpoint
CREATE UNIQUE INDEX "register_sessions_reference_unique" ON "register_sessions" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "register_sessions_client_key_unique" ON "register_sessions" USING btree ("client_id","client_key") WHERE "register_sessions"."client_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "register_sessions_one_open" ON "register_sessions" USING btree ("opened_by") WHERE "register_sessions"."status" = 'open';--> statement-breakpoint
CREATE INDEX "register_sessions_date_idx" ON "register_sessions" USING btree ("opened_on","id");--> statement-breakpoint
CREATE INDEX "register_sessions_person_date_idx" ON "register_sessions" USING btree ("opened_by","opened_on","id");--> statement-breakpoint
CREATE INDEX "register_sessions_status_date_idx" ON "register_sessions" USING btree ("status","opened_on","id");--> statement-breakpoint
ALTER TABLE "sale_returns" ADD CONSTRAINT "sale_returns_register_session_id_register_sessions_id_fk" FOREIGN KEY ("register_session_id") REFERENCES "public"."register_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_register_session_id_register_sessions_id_fk" FOREIGN KEY ("register_session_id") REFERENCES "public"."register_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_catalogue_xid_idx" ON "products" USING btree ("catalogue_xid");--> statement-breakpoint
CREATE INDEX "sale_returns_register_session_idx" ON "sale_returns" USING btree ("register_session_id") WHERE "sale_returns"."register_session_id" is not null;--> statement-breakpoint
CREATE INDEX "sales_register_session_idx" ON "sales" USING btree ("register_session_id") WHERE "sales"."register_session_id" is not null;--> statement-breakpoint
CREATE INDEX "stock_levels_catalogue_xid_idx" ON "stock_levels" USING btree ("catalogue_xid");--> statement-breakpoint
CREATE CONSTRAINT TRIGGER register_sessions_numbered AFTER INSERT OR UPDATE OF reference ON register_sessions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.reference IS NULL) EXECUTE FUNCTION document_numbered();--> statement-breakpoint
CREATE FUNCTION products_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.catalogue_xid := pg_current_xact_id()::text::bigint;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER products_catalogue_changed BEFORE UPDATE ON products FOR EACH ROW
  WHEN ((OLD.name, OLD.sku, OLD.barcode, OLD.category_id, OLD.unit_id, OLD.sale_price, OLD.tax_bps, OLD.tax_method, OLD.tracks_serials, OLD.image, OLD.status)
    IS DISTINCT FROM (NEW.name, NEW.sku, NEW.barcode, NEW.category_id, NEW.unit_id, NEW.sale_price, NEW.tax_bps, NEW.tax_method, NEW.tracks_serials, NEW.image, NEW.status))
  EXECUTE FUNCTION products_catalogue_changed();--> statement-breakpoint
CREATE FUNCTION products_catalogue_retired() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalogue_retired (product_id) SELECT id FROM gone
    ON CONFLICT (product_id) DO UPDATE SET catalogue_xid = excluded.catalogue_xid;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER products_catalogue_retired AFTER DELETE ON products REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION products_catalogue_retired();
