-- Website orders (domain/documents/order.ts, server/documents/orders.ts): placed by the public
-- website, numbered as 0014 numbers purchases (a deferred trigger refuses a commit without a
-- number; a client key kept unique), tallied as 0011 tallies purchases, lines as a sale's (each
-- keeps the cost its units left at when the order went to processing). Payments are the shared
-- document_payments rows (doc_type 'order'). Additive only.
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" varchar(32),
	"client_id" varchar(64),
	"client_key" varchar(255),
	"customer_id" integer NOT NULL,
	"ordered_on" date NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"ship_name" varchar(255) NOT NULL,
	"ship_address" varchar(500) NOT NULL,
	"ship_city" varchar(100) NOT NULL,
	"ship_postcode" varchar(20),
	"ship_country" varchar(100) NOT NULL,
	"phone" varchar(32),
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
	"payment_status" varchar(8) DEFAULT 'due' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_amounts_check" CHECK ("orders"."discount" >= 0 and "orders"."tax_bps" >= 0 and "orders"."shipping" >= 0 and "orders"."paid" >= 0 and "orders"."grand_total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
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
	CONSTRAINT "order_lines_amounts_check" CHECK ("order_lines"."quantity" > 0 and "order_lines"."unit_price" >= 0 and "order_lines"."unit_cost" >= 0 and "order_lines"."discount" >= 0 and "order_lines"."tax_bps" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_reference_unique" ON "orders" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_client_key_unique" ON "orders" USING btree ("client_id","client_key") WHERE "orders"."client_key" is not null;--> statement-breakpoint
CREATE INDEX "orders_date_idx" ON "orders" USING btree ("ordered_on","id");--> statement-breakpoint
CREATE INDEX "orders_customer_date_idx" ON "orders" USING btree ("customer_id","ordered_on","id");--> statement-breakpoint
CREATE INDEX "orders_status_date_idx" ON "orders" USING btree ("status","ordered_on","id");--> statement-breakpoint
CREATE INDEX "orders_payment_status_date_idx" ON "orders" USING btree ("payment_status","ordered_on","id");--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders" USING btree ("grand_total","id");--> statement-breakpoint
CREATE INDEX "orders_created_by_idx" ON "orders" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "order_lines_product_idx" ON "order_lines" USING btree ("product_id");--> statement-breakpoint
CREATE CONSTRAINT TRIGGER orders_numbered AFTER INSERT OR UPDATE OF reference ON orders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.reference IS NULL) EXECUTE FUNCTION document_numbered();--> statement-breakpoint
SELECT document_tallies_track('orders', 'order', 'customer_id', 'ordered_on');
--> statement-breakpoint
-- "order update" (issue 34): moving a website order along and taking its payments. On a
-- database that has permissions it joins the Orders module and goes to every role that sees
-- orders ('order list'), which until now was the only right over them. A fresh database has
-- no permissions yet: nothing happens here, the seed adds them.
INSERT INTO "permissions" ("name", "module_id")
SELECT 'order update', p."module_id" FROM "permissions" p WHERE p."name" = 'order list'
ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT rp."role_id", np."id"
FROM "permissions" gp
JOIN "role_permissions" rp ON rp."permission_id" = gp."id"
JOIN "permissions" np ON np."name" = 'order update'
WHERE gp."name" = 'order list'
ON CONFLICT DO NOTHING;
