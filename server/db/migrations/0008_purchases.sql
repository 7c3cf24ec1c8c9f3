CREATE TABLE "document_counters" (
	"prefix" varchar(16) PRIMARY KEY NOT NULL,
	"next" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "document_counters_next_check" CHECK ("document_counters"."next" >= 1)
);
--> statement-breakpoint
CREATE TABLE "document_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"doc_type" varchar(32) NOT NULL,
	"doc_id" integer NOT NULL,
	"action" varchar(32) NOT NULL,
	"from_status" varchar(24),
	"to_status" varchar(24) NOT NULL,
	"note" text,
	"data" jsonb,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"doc_type" varchar(32) NOT NULL,
	"doc_id" integer NOT NULL,
	"paid_on" date NOT NULL,
	"amount" integer NOT NULL,
	"method" varchar(16) NOT NULL,
	"note" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_payments_amount_check" CHECK ("document_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"scope" varchar(64) NOT NULL,
	"key" varchar(255) NOT NULL,
	"user_id" integer,
	"request_hash" varchar(64) NOT NULL,
	"status" integer NOT NULL,
	"response" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "purchase_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"purchase_id" integer NOT NULL,
	"position" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"received" integer DEFAULT 0 NOT NULL,
	"returned" integer DEFAULT 0 NOT NULL,
	"unit_cost" integer NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"tax_bps" integer DEFAULT 0 NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	"tax" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "purchase_lines_quantities_check" CHECK ("purchase_lines"."quantity" > 0 and "purchase_lines"."received" >= 0 and "purchase_lines"."received" <= "purchase_lines"."quantity" and "purchase_lines"."returned" >= 0 and "purchase_lines"."returned" <= "purchase_lines"."received" and "purchase_lines"."unit_cost" >= 0 and "purchase_lines"."discount" >= 0 and "purchase_lines"."tax_bps" >= 0)
);
--> statement-breakpoint
CREATE TABLE "purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" varchar(32) NOT NULL,
	"supplier_id" integer NOT NULL,
	"purchased_on" date NOT NULL,
	"status" varchar(16) DEFAULT 'ordered' NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	"note" text,
	"prices_include_tax" boolean DEFAULT false NOT NULL,
	"rounding" varchar(8) DEFAULT 'line' NOT NULL,
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
	CONSTRAINT "purchases_amounts_check" CHECK ("purchases"."discount" >= 0 and "purchases"."tax_bps" >= 0 and "purchases"."shipping" >= 0 and "purchases"."paid" >= 0 and "purchases"."grand_total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_count_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"count_id" integer NOT NULL,
	"position" integer NOT NULL,
	"product_id" integer NOT NULL,
	"expected" integer NOT NULL,
	"counted" integer NOT NULL,
	"difference" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_counts" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" varchar(32) NOT NULL,
	"note" text,
	"lines_count" integer NOT NULL,
	"units_in" integer DEFAULT 0 NOT NULL,
	"units_out" integer DEFAULT 0 NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_history" ADD CONSTRAINT "document_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_payments" ADD CONSTRAINT "document_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_lines" ADD CONSTRAINT "purchase_lines_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_lines" ADD CONSTRAINT "purchase_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count_lines" ADD CONSTRAINT "stock_count_lines_count_id_stock_counts_id_fk" FOREIGN KEY ("count_id") REFERENCES "public"."stock_counts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count_lines" ADD CONSTRAINT "stock_count_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_counts" ADD CONSTRAINT "stock_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_history_doc_idx" ON "document_history" USING btree ("doc_type","doc_id","id");--> statement-breakpoint
CREATE INDEX "document_history_user_idx" ON "document_history" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "document_payments_doc_idx" ON "document_payments" USING btree ("doc_type","doc_id","id");--> statement-breakpoint
CREATE INDEX "document_payments_user_idx" ON "document_payments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "idempotency_keys_user_idx" ON "idempotency_keys" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "purchase_lines_purchase_idx" ON "purchase_lines" USING btree ("purchase_id","position");--> statement-breakpoint
CREATE INDEX "purchase_lines_product_idx" ON "purchase_lines" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_reference_unique" ON "purchases" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "purchases_date_idx" ON "purchases" USING btree ("purchased_on","id");--> statement-breakpoint
CREATE INDEX "purchases_supplier_date_idx" ON "purchases" USING btree ("supplier_id","purchased_on","id");--> statement-breakpoint
CREATE INDEX "purchases_status_date_idx" ON "purchases" USING btree ("status","purchased_on","id");--> statement-breakpoint
CREATE INDEX "purchases_payment_status_date_idx" ON "purchases" USING btree ("payment_status","purchased_on","id");--> statement-breakpoint
CREATE INDEX "purchases_total_idx" ON "purchases" USING btree ("grand_total","id");--> statement-breakpoint
CREATE INDEX "purchases_created_by_idx" ON "purchases" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "stock_count_lines_count_idx" ON "stock_count_lines" USING btree ("count_id","position");--> statement-breakpoint
CREATE INDEX "stock_count_lines_product_idx" ON "stock_count_lines" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_counts_reference_unique" ON "stock_counts" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "stock_counts_created_idx" ON "stock_counts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "stock_counts_user_idx" ON "stock_counts" USING btree ("user_id");--> statement-breakpoint
-- Finer rights for purchases, as 0004 gave the other resources: "purchase create" guarded
-- editing, receiving, cancelling and returning until now, "purchase list" what is seen, so
-- each role holding them keeps exactly its powers. A fresh database has no permissions yet:
-- nothing happens here, the seed adds them.
CREATE TEMPORARY TABLE "purchase_rights" ("name" varchar(255) NOT NULL, "module_of" varchar(255) NOT NULL, "granted_with" varchar(255) NOT NULL);
--> statement-breakpoint
INSERT INTO "purchase_rights" ("name", "module_of", "granted_with") VALUES
  ('purchase edit', 'purchase list', 'purchase create'),
  ('purchase delete', 'purchase list', 'purchase create'),
  ('purchase export', 'purchase list', 'purchase list');
--> statement-breakpoint
INSERT INTO "permissions" ("name", "module_id")
SELECT f."name", p."module_id" FROM "purchase_rights" f JOIN "permissions" p ON p."name" = f."module_of"
ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT rp."role_id", np."id"
FROM "purchase_rights" f
JOIN "permissions" gp ON gp."name" = f."granted_with"
JOIN "role_permissions" rp ON rp."permission_id" = gp."id"
JOIN "permissions" np ON np."name" = f."name"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
DROP TABLE "purchase_rights";
