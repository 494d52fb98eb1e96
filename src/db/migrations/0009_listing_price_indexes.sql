-- Listings sorted by price (issue 16): an index per currency, so a page of the cheapest (or dearest) first
-- walks the index and stops, instead of sorting every product.
CREATE INDEX "products_price_thb_idx" ON "products" USING btree ("price_thb","created_at");--> statement-breakpoint
CREATE INDEX "products_price_usd_idx" ON "products" USING btree ("price_usd","created_at");