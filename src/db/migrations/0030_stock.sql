CREATE TYPE "public"."stock_movement_reason" AS ENUM('received', 'damaged', 'lost', 'found', 'count', 'other', 'transfer_sent', 'transfer_received', 'transfer_cancelled');--> statement-breakpoint
CREATE TYPE "public"."stock_transfer_status" AS ENUM('sent', 'received', 'cancelled');--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" text NOT NULL,
	"actor_label" text NOT NULL,
	"location" text NOT NULL,
	"sku" text NOT NULL,
	"delta" integer NOT NULL,
	"quantity_after" integer NOT NULL,
	"reason" "stock_movement_reason" NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"transfer_id" uuid
);
--> statement-breakpoint
CREATE TABLE "stock_transfer_lines" (
	"transfer_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "stock_transfer_lines_transfer_id_sku_pk" PRIMARY KEY("transfer_id","sku"),
	CONSTRAINT "stock_transfer_lines_quantity_positive" CHECK ("stock_transfer_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "stock_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"from_location" text NOT NULL,
	"to_location" text NOT NULL,
	"status" "stock_transfer_status" DEFAULT 'sent' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"sent_by" text NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" text,
	CONSTRAINT "stock_transfers_two_places" CHECK ("stock_transfers"."from_location" <> "stock_transfers"."to_location")
);
--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "low_stock_threshold" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_sku_variants_sku_fk" FOREIGN KEY ("sku") REFERENCES "public"."variants"("sku") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_transfer_id_stock_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."stock_transfers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer_lines" ADD CONSTRAINT "stock_transfer_lines_transfer_id_stock_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."stock_transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transfer_lines" ADD CONSTRAINT "stock_transfer_lines_sku_variants_sku_fk" FOREIGN KEY ("sku") REFERENCES "public"."variants"("sku") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_movements_sku_idx" ON "stock_movements" USING btree ("sku","at");--> statement-breakpoint
CREATE INDEX "stock_transfers_status_idx" ON "stock_transfers" USING btree ("status","sent_at");--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_low_stock_threshold_range" CHECK ("variants"."low_stock_threshold" BETWEEN 0 AND 100000);--> statement-breakpoint
-- A size's low-stock threshold is for staff alerts only: no page shows it, so its change (like a count that stays on
-- the same side of "in stock" and "few left", 0015) does not notify 'catalog_changed'. store_stock notifies on every
-- statement since 0014: a store's count is what "find in store" shows.
CREATE OR REPLACE FUNCTION store_variants_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1
    FROM new_rows n
    FULL JOIN old_rows o ON o.sku = n.sku
    WHERE o.sku IS NULL
       OR n.sku IS NULL
       OR (to_jsonb(o) - 'stock_online' - 'low_stock_threshold') IS DISTINCT FROM (to_jsonb(n) - 'stock_online' - 'low_stock_threshold')
       OR (o.stock_online > 0) <> (n.stock_online > 0)
       OR (o.stock_online <= 2) <> (n.stock_online <= 2)
  ) THEN
    PERFORM pg_notify('catalog_changed', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END
$$;
