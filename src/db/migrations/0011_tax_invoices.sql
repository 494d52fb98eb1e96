-- Full tax invoices (issue 17 item 8, docs/decisions/022): one per order, numbered from a counter row that is
-- incremented in the issuing transaction (gapless: a rolled-back issue gives its number back).
CREATE TABLE "document_counters" (
	"series" text PRIMARY KEY NOT NULL,
	"last_value" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_invoices" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"content" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tax_invoices" ADD CONSTRAINT "tax_invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_invoices_sequence_key" ON "tax_invoices" USING btree ("sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_invoices_number_key" ON "tax_invoices" USING btree ("number");