CREATE TABLE "shop_event_counts" (
	"day" date NOT NULL,
	"event" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "shop_event_counts_day_event_pk" PRIMARY KEY("day","event"),
	CONSTRAINT "shop_event_counts_count_not_negative" CHECK ("shop_event_counts"."count" >= 0)
);
--> statement-breakpoint
CREATE INDEX "credit_notes_issued_idx" ON "credit_notes" USING btree ("issued_at");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "tax_invoices_issued_idx" ON "tax_invoices" USING btree ("issued_at");--> statement-breakpoint
-- The dashboard's and reports' ranges of days (issue 33, decision 202): a month of orders read from the index alone
-- (drizzle's schema has no INCLUDE, so this index is written here and named in a comment of src/db/schema.ts).
CREATE INDEX "orders_sales_cover_idx" ON "orders" USING btree ("created_at") INCLUDE ("status", "currency", "total", "id");
