-- Invoices and credit notes (server/documents/invoices.ts): records of their own, frozen at
-- issue (shop, customer, lines, tax per rate, totals), numbered from document_counters like
-- every document (a yearly series is a prefix of its own, INV-2026-, so it needs more room).
-- Like the stock ledger (0006) the database refuses UPDATE and DELETE on both: an issued invoice
-- is corrected by a credit note, never edited. Additive only.
ALTER TABLE "document_counters" ALTER COLUMN "prefix" SET DATA TYPE varchar(32);--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" varchar(40) NOT NULL,
	"issued_on" date NOT NULL,
	"sale_id" integer,
	"customer_id" integer,
	"customer" jsonb,
	"shop" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"taxes" jsonb NOT NULL,
	"prices_include_tax" boolean DEFAULT false NOT NULL,
	"tax_bps" integer DEFAULT 0 NOT NULL,
	"subtotal" bigint NOT NULL,
	"line_tax" bigint NOT NULL,
	"discount_total" bigint NOT NULL,
	"document_tax" bigint NOT NULL,
	"shipping_total" bigint NOT NULL,
	"grand_total" bigint NOT NULL,
	"note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"order_id" integer,
	CONSTRAINT "invoices_source_check" CHECK ("invoices"."sale_id" is not null or "invoices"."order_id" is not null)
);
--> statement-breakpoint
-- A credit note freezes what an invoice does (the same columns, defaults and NOT NULLs; its own
-- id sequence), less the order and plus the invoice it corrects and the return it was issued for.
CREATE TABLE "credit_notes" (LIKE "invoices" INCLUDING DEFAULTS, "invoice_id" integer NOT NULL, "return_id" integer);--> statement-breakpoint
ALTER TABLE "credit_notes" DROP COLUMN "order_id";--> statement-breakpoint
CREATE SEQUENCE "credit_notes_id_seq" AS integer OWNED BY "credit_notes"."id";--> statement-breakpoint
ALTER TABLE "credit_notes" ALTER COLUMN "id" SET DEFAULT nextval('credit_notes_id_seq'), ADD CONSTRAINT "credit_notes_pkey" PRIMARY KEY ("id");
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_unique" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_sale_unique" ON "invoices" USING btree ("sale_id") WHERE "invoices"."sale_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_unique" ON "invoices" USING btree ("order_id") WHERE "invoices"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "invoices_customer_idx" ON "invoices" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_number_unique" ON "credit_notes" USING btree ("number");--> statement-breakpoint
CREATE INDEX "credit_notes_invoice_idx" ON "credit_notes" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "credit_notes_sale_idx" ON "credit_notes" USING btree ("sale_id");--> statement-breakpoint
CREATE FUNCTION issued_documents_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% are never edited or deleted once issued: issue a credit note instead', TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER invoices_frozen BEFORE UPDATE OR DELETE ON invoices
  FOR EACH ROW EXECUTE FUNCTION issued_documents_frozen();--> statement-breakpoint
CREATE TRIGGER credit_notes_frozen BEFORE UPDATE OR DELETE ON credit_notes
  FOR EACH ROW EXECUTE FUNCTION issued_documents_frozen();
