-- Quotations (domain/documents/quotation.ts, server/documents/quotations.ts): numbered as 0014
-- numbers purchases (a deferred trigger refuses a commit without a number; a client key kept
-- unique), lines priced as a sale's. No payments, no stock. sales.quotation_id links the one
-- sale an accepted quotation is converted into: UNIQUE, so "converted once" is the database's
-- fact, whatever runs at the same time. Not tallied: quotations are few, and their list's
-- 'expired' status is computed from the day, which tallies keyed by stored status cannot answer.
-- Additive only.
CREATE TABLE "quotation_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"quotation_id" integer NOT NULL,
	"position" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"tax_bps" integer DEFAULT 0 NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	"tax" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "quotation_lines_amounts_check" CHECK ("quotation_lines"."quantity" > 0 and "quotation_lines"."unit_price" >= 0 and "quotation_lines"."discount" >= 0 and "quotation_lines"."tax_bps" >= 0)
);
--> statement-breakpoint
CREATE TABLE "quotations" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" varchar(32),
	"client_id" varchar(64),
	"client_key" varchar(255),
	"customer_id" integer NOT NULL,
	"quoted_on" date NOT NULL,
	"valid_until" date NOT NULL,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
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
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotations_amounts_check" CHECK ("quotations"."discount" >= 0 and "quotations"."tax_bps" >= 0 and "quotations"."shipping" >= 0 and "quotations"."grand_total" >= 0),
	CONSTRAINT "quotations_valid_check" CHECK ("quotations"."valid_until" >= "quotations"."quoted_on")
);
--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "quotation_id" integer;--> statement-breakpoint
ALTER TABLE "quotation_lines" ADD CONSTRAINT "quotation_lines_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_lines" ADD CONSTRAINT "quotation_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotation_lines_quotation_idx" ON "quotation_lines" USING btree ("quotation_id","position");--> statement-breakpoint
CREATE INDEX "quotation_lines_product_idx" ON "quotation_lines" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quotations_reference_unique" ON "quotations" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "quotations_client_key_unique" ON "quotations" USING btree ("client_id","client_key") WHERE "quotations"."client_key" is not null;--> statement-breakpoint
CREATE INDEX "quotations_date_idx" ON "quotations" USING btree ("quoted_on","id");--> statement-breakpoint
CREATE INDEX "quotations_customer_date_idx" ON "quotations" USING btree ("customer_id","quoted_on","id");--> statement-breakpoint
CREATE INDEX "quotations_status_date_idx" ON "quotations" USING btree ("status","quoted_on","id");--> statement-breakpoint
CREATE INDEX "quotations_created_by_idx" ON "quotations" USING btree ("created_by");--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sales_quotation_unique" ON "sales" USING btree ("quotation_id");--> statement-breakpoint
CREATE CONSTRAINT TRIGGER quotations_numbered AFTER INSERT OR UPDATE OF reference ON quotations
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.reference IS NULL) EXECUTE FUNCTION document_numbered();
