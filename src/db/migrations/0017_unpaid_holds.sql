-- Issue 29 item 3: the connection an order was placed from, and the look-ups of the unpaid orders a connection, an
-- e-mail or a telephone holds (partial indexes: only orders awaiting payment). A new nullable column: existing orders
-- keep their rows (placed_from null: they count for their e-mail and telephone, not for a connection).
ALTER TABLE "orders" ADD COLUMN "placed_from" text;--> statement-breakpoint
CREATE INDEX "orders_unpaid_placed_from_idx" ON "orders" USING btree ("placed_from","created_at") WHERE "orders"."status" = 'awaiting_payment';--> statement-breakpoint
CREATE INDEX "orders_unpaid_email_idx" ON "orders" USING btree ("email","created_at") WHERE "orders"."status" = 'awaiting_payment';--> statement-breakpoint
CREATE INDEX "orders_unpaid_telephone_idx" ON "orders" USING btree ("telephone","created_at") WHERE "orders"."status" = 'awaiting_payment';