CREATE TABLE "images" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"type" varchar(32) NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"thumb_type" varchar(32) NOT NULL,
	"thumb_data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_attribute_values" (
	"product_id" integer NOT NULL,
	"attribute_value_id" integer NOT NULL,
	CONSTRAINT "product_attribute_values_product_id_attribute_value_id_pk" PRIMARY KEY("product_id","attribute_value_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"sku" varchar(64) NOT NULL,
	"barcode" varchar(32),
	"category_id" integer,
	"brand_id" integer,
	"unit_id" integer NOT NULL,
	"color_id" integer,
	"cost_price" integer DEFAULT 0 NOT NULL,
	"sale_price" integer NOT NULL,
	"tax_bps" integer DEFAULT 0 NOT NULL,
	"tax_method" varchar(16) DEFAULT 'exclusive' NOT NULL,
	"alert_quantity" integer DEFAULT 0 NOT NULL,
	"tracks_serials" boolean DEFAULT false NOT NULL,
	"image" varchar(64),
	"description" text,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_prices_check" CHECK ("products"."cost_price" >= 0 and "products"."sale_price" >= 0 and "products"."alert_quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "serials" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"serial" varchar(100) NOT NULL,
	"state" varchar(16) NOT NULL,
	"unit_cost" integer NOT NULL,
	"in_movement_id" integer NOT NULL,
	"out_movement_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_levels" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"qty" integer DEFAULT 0 NOT NULL,
	"avg_cost" numeric(18, 4),
	"movements" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_levels_qty_not_negative" CHECK ("stock_levels"."qty" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_movement_serials" (
	"movement_id" integer NOT NULL,
	"serial_id" integer NOT NULL,
	CONSTRAINT "stock_movement_serials_movement_id_serial_id_pk" PRIMARY KEY("movement_id","serial_id")
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"kind" varchar(24) NOT NULL,
	"reason" varchar(24),
	"quantity" integer NOT NULL,
	"unit_cost" integer NOT NULL,
	"value" bigint NOT NULL,
	"qty_after" integer NOT NULL,
	"value_after" bigint NOT NULL,
	"source_type" varchar(32),
	"source_id" integer,
	"source_line_id" integer,
	"note" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_sign_check" CHECK ("stock_movements"."quantity" <> 0 and "stock_movements"."qty_after" >= 0 and "stock_movements"."unit_cost" >= 0 and case "stock_movements"."kind" when 'adjustment' then true when 'opening' then "stock_movements"."quantity" > 0 when 'purchase_receipt' then "stock_movements"."quantity" > 0 when 'sale_return' then "stock_movements"."quantity" > 0 else "stock_movements"."quantity" < 0 end)
);
--> statement-breakpoint
ALTER TABLE "product_attribute_values" ADD CONSTRAINT "product_attribute_values_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_attribute_values" ADD CONSTRAINT "product_attribute_values_attribute_value_id_attribute_values_id_fk" FOREIGN KEY ("attribute_value_id") REFERENCES "public"."attribute_values"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_color_id_colors_id_fk" FOREIGN KEY ("color_id") REFERENCES "public"."colors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_image_images_id_fk" FOREIGN KEY ("image") REFERENCES "public"."images"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serials" ADD CONSTRAINT "serials_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serials" ADD CONSTRAINT "serials_in_movement_id_stock_movements_id_fk" FOREIGN KEY ("in_movement_id") REFERENCES "public"."stock_movements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serials" ADD CONSTRAINT "serials_out_movement_id_stock_movements_id_fk" FOREIGN KEY ("out_movement_id") REFERENCES "public"."stock_movements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement_serials" ADD CONSTRAINT "stock_movement_serials_movement_id_stock_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."stock_movements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement_serials" ADD CONSTRAINT "stock_movement_serials_serial_id_serials_id_fk" FOREIGN KEY ("serial_id") REFERENCES "public"."serials"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_attribute_values_value_idx" ON "product_attribute_values" USING btree ("attribute_value_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_sku_unique" ON "products" USING btree (lower("sku"));--> statement-breakpoint
CREATE UNIQUE INDEX "products_barcode_unique" ON "products" USING btree ("barcode");--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "products_sku_idx" ON "products" USING btree ("sku","id");--> statement-breakpoint
CREATE INDEX "products_sale_price_idx" ON "products" USING btree ("sale_price","id");--> statement-breakpoint
CREATE INDEX "products_status_idx" ON "products" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "products_unit_idx" ON "products" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "products_color_idx" ON "products" USING btree ("color_id");--> statement-breakpoint
CREATE INDEX "products_image_idx" ON "products" USING btree ("image");--> statement-breakpoint
CREATE INDEX "products_name_trgm" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_sku_trgm" ON "products" USING gin ("sku" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "serials_product_serial_unique" ON "serials" USING btree ("product_id",lower("serial"));--> statement-breakpoint
CREATE INDEX "serials_product_state_idx" ON "serials" USING btree ("product_id","state");--> statement-breakpoint
CREATE INDEX "serials_in_movement_idx" ON "serials" USING btree ("in_movement_id");--> statement-breakpoint
CREATE INDEX "serials_out_movement_idx" ON "serials" USING btree ("out_movement_id");--> statement-breakpoint
CREATE INDEX "stock_movement_serials_serial_idx" ON "stock_movement_serials" USING btree ("serial_id");--> statement-breakpoint
CREATE INDEX "stock_movements_product_idx" ON "stock_movements" USING btree ("product_id","id");--> statement-breakpoint
CREATE INDEX "stock_movements_kind_idx" ON "stock_movements" USING btree ("kind","id");--> statement-breakpoint
CREATE INDEX "stock_movements_created_idx" ON "stock_movements" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "stock_movements_source_idx" ON "stock_movements" USING btree ("source_type","source_id");--> statement-breakpoint
CREATE INDEX "stock_movements_user_idx" ON "stock_movements" USING btree ("user_id");