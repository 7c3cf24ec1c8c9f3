-- Sales (domain/documents/sale.ts, server/documents/sales.ts): numbered as 0014 numbers
-- purchases (a deferred trigger refuses a commit without a number; a client key kept unique),
-- tallied as 0011 tallies purchases (a walk-in sale counts under party 0). Payments are the
-- shared document_payments rows (doc_type 'sale'). Additive only.
CREATE TABLE "sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" varchar(32),
	"client_id" varchar(64),
	"client_key" varchar(255),
	"customer_id" integer,
	"sold_on" date NOT NULL,
	"channel" varchar(16) DEFAULT 'backoffice' NOT NULL,
	"status" varchar(16) DEFAULT 'completed' NOT NULL,
	"note" text,
	"prices_include_tax" boolean DEFAULT false NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"tax_bps" integer DEFAULT 0 NOT NULL,
	"shipping" integer DEFAULT 0 NOT NULL,
	"subtotal" bigint DEFAULT 0 NOT NULL,
	"line_tax" bigint DEFAULT 0 NOT NULL,
	"lines_total" bigint DEFAULT 0 NOT NULL,
	"discount_total" bigint DEFAULT 0 NOT NULL,
	"document_tax" bigint DEFAULT 0 NOT NULL,
	"shipping_total" bigint DEFAULT 0 NOT NULL,
	"grand_total" bigint DEFAULT 0 NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"change" bigint DEFAULT 0 NOT NULL,
	"payment_status" varchar(8) DEFAULT 'due' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_amounts_check" CHECK ("sales"."discount" >= 0 and "sales"."tax_bps" >= 0 and "sales"."shipping" >= 0 and "sales"."paid" >= 0 and "sales"."change" >= 0 and "sales"."grand_total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sale_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_id" integer NOT NULL,
	"position" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"unit_cost" integer DEFAULT 0 NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"tax_bps" integer DEFAULT 0 NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	"tax" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sale_lines_amounts_check" CHECK ("sale_lines"."quantity" > 0 and "sale_lines"."unit_price" >= 0 and "sale_lines"."unit_cost" >= 0 and "sale_lines"."discount" >= 0 and "sale_lines"."tax_bps" >= 0)
);
--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_lines" ADD CONSTRAINT "sale_lines_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_lines" ADD CONSTRAINT "sale_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sales_reference_unique" ON "sales" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_client_key_unique" ON "sales" USING btree ("client_id","client_key") WHERE "sales"."client_key" is not null;--> statement-breakpoint
CREATE INDEX "sales_date_idx" ON "sales" USING btree ("sold_on","id");--> statement-breakpoint
CREATE INDEX "sales_customer_date_idx" ON "sales" USING btree ("customer_id","sold_on","id");--> statement-breakpoint
CREATE INDEX "sales_status_date_idx" ON "sales" USING btree ("status","sold_on","id");--> statement-breakpoint
CREATE INDEX "sales_payment_status_date_idx" ON "sales" USING btree ("payment_status","sold_on","id");--> statement-breakpoint
CREATE INDEX "sales_total_idx" ON "sales" USING btree ("grand_total","id");--> statement-breakpoint
CREATE INDEX "sales_created_by_idx" ON "sales" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "sale_lines_sale_idx" ON "sale_lines" USING btree ("sale_id","position");--> statement-breakpoint
CREATE INDEX "sale_lines_product_idx" ON "sale_lines" USING btree ("product_id");--> statement-breakpoint
CREATE CONSTRAINT TRIGGER sales_numbered AFTER INSERT OR UPDATE OF reference ON sales
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.reference IS NULL) EXECUTE FUNCTION document_numbered();--> statement-breakpoint
SELECT document_tallies_track('sales', 'sale', 'customer_id', 'sold_on');
--> statement-breakpoint
-- "sales price override" (issue 34): selling at another price than the product's. On a database
-- that has permissions it goes into the sales module and to the roles that both record sales
-- and may set a product's price anyway ("product create"), so no role gains a power it had not;
-- the Cashier, who may not set prices, has not.
-- A fresh database has no permissions yet: nothing happens here, the seed adds them.
INSERT INTO "permissions" ("name", "module_id")
SELECT 'sales price override', p."module_id" FROM "permissions" p WHERE p."name" = 'sales create'
ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT rp."role_id", np."id"
FROM "permissions" gp
JOIN "role_permissions" rp ON rp."permission_id" = gp."id"
JOIN "permissions" np ON np."name" = 'sales price override'
WHERE gp."name" = 'product create'
  AND EXISTS (SELECT 1 FROM "role_permissions" sp JOIN "permissions" sn ON sn."id" = sp."permission_id"
              WHERE sp."role_id" = rp."role_id" AND sn."name" = 'sales create')
ON CONFLICT DO NOTHING;
