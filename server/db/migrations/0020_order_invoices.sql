-- A shipped website order has its invoice (server/documents/orders.ts shipOrder): 0017 made
-- invoices.order_id before orders existed; its foreign key comes now.
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;
