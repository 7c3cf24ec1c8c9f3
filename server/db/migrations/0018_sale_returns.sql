-- Sale returns (domain/documents/sale-return.ts, server/documents/sale-returns.ts): goods of a
-- completed sale coming back, numbered SR- as 0014 numbers documents (a deferred trigger refuses
-- a commit without a number; a client key kept unique). Each return line names the sale line it
-- returns and keeps the price, tax and cost it went out at; the sale line counts what came back
-- (never more than sold: a CHECK), and the sale keeps the value returned and what was refunded.
-- Refunds are document_payments rows of doc_type 'sale_return'. Additive only.
ALTER TABLE "sale_lines" ADD COLUMN "returned" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_lines" ADD CONSTRAINT "sale_lines_returned_check" CHECK ("sale_lines"."returned" >= 0 and "sale_lines"."returned" <= "sale_lines"."quantity");--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "returned_total" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "refunded" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_returns_check" CHECK ("sales"."returned_total" >= 0 and "sales"."refunded" >= 0);--> statement-breakpoint
CREATE INDEX "sales_returned_idx" ON "sales" USING btree ("id") WHERE "sales"."returned_total" <> 0 or "sales"."refunded" <> 0;--> statement-breakpoint
CREATE TABLE "sale_returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" varchar(32),
	"client_id" varchar(64),
	"client_key" varchar(255),
	"sale_id" integer NOT NULL,
	"returned_on" date NOT NULL,
	"note" text,
	"subtotal" bigint DEFAULT 0 NOT NULL,
	"tax_total" bigint DEFAULT 0 NOT NULL,
	"grand_total" bigint DEFAULT 0 NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sale_returns_amounts_check" CHECK ("sale_returns"."grand_total" >= 0 and "sale_returns"."refunded" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sale_return_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"position" integer NOT NULL,
	"sale_line_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"unit_cost" integer DEFAULT 0 NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"tax_bps" integer DEFAULT 0 NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	"tax" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sale_return_lines_amounts_check" CHECK ("sale_return_lines"."quantity" > 0 and "sale_return_lines"."unit_price" >= 0 and "sale_return_lines"."unit_cost" >= 0 and "sale_return_lines"."discount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "sale_returns" ADD CONSTRAINT "sale_returns_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_returns" ADD CONSTRAINT "sale_returns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_return_lines" ADD CONSTRAINT "sale_return_lines_return_id_sale_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."sale_returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_return_lines" ADD CONSTRAINT "sale_return_lines_sale_line_id_sale_lines_id_fk" FOREIGN KEY ("sale_line_id") REFERENCES "public"."sale_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_return_lines" ADD CONSTRAINT "sale_return_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sale_returns_reference_unique" ON "sale_returns" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "sale_returns_client_key_unique" ON "sale_returns" USING btree ("client_id","client_key") WHERE "sale_returns"."client_key" is not null;--> statement-breakpoint
CREATE INDEX "sale_returns_sale_idx" ON "sale_returns" USING btree ("sale_id","id");--> statement-breakpoint
CREATE INDEX "sale_returns_date_idx" ON "sale_returns" USING btree ("returned_on","id");--> statement-breakpoint
CREATE INDEX "sale_returns_created_by_idx" ON "sale_returns" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "sale_return_lines_return_idx" ON "sale_return_lines" USING btree ("return_id","position");--> statement-breakpoint
CREATE INDEX "sale_return_lines_sale_line_idx" ON "sale_return_lines" USING btree ("sale_line_id");--> statement-breakpoint
CREATE INDEX "sale_return_lines_product_idx" ON "sale_return_lines" USING btree ("product_id");--> statement-breakpoint
CREATE CONSTRAINT TRIGGER sale_returns_numbered AFTER INSERT OR UPDATE OF reference ON sale_returns
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.reference IS NULL) EXECUTE FUNCTION document_numbered();
