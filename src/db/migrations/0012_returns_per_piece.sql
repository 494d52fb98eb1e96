-- Returns per piece (decision 023): several requests per order, each of some pieces with a reason and a status
-- for the back office; shipments with tracking numbers. Existing whole-order requests are kept (see below).
CREATE TYPE "public"."return_reason" AS ENUM('size_does_not_fit', 'not_as_pictured', 'faulty_or_damaged', 'wrong_item_sent', 'changed_my_mind', 'other');--> statement-breakpoint
CREATE TYPE "public"."return_status" AS ENUM('requested', 'accepted', 'rejected', 'completed');--> statement-breakpoint
CREATE TABLE "order_shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"carrier" text NOT NULL,
	"tracking_number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_request_items" (
	"request_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"quantity" integer NOT NULL,
	"exchange_size" text,
	CONSTRAINT "return_request_items_request_id_position_pk" PRIMARY KEY("request_id","position"),
	CONSTRAINT "return_request_items_quantity_positive" CHECK ("return_request_items"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "return_requests" DROP CONSTRAINT "return_requests_pkey";--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "reason" "return_reason" DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "return_requests" ALTER COLUMN "reason" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "status" "return_status" DEFAULT 'requested' NOT NULL;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "decision_note" text;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "return_requests" SET "updated_at" = "created_at";--> statement-breakpoint
ALTER TABLE "order_shipments" ADD CONSTRAINT "order_shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_request_items" ADD CONSTRAINT "return_request_items_request_id_return_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."return_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_request_items" ADD CONSTRAINT "return_request_items_order_item_fk" FOREIGN KEY ("order_id","position") REFERENCES "public"."order_items"("order_id","position") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A whole-order request of before becomes a request of the order's returnable pieces (the only ones it could be
-- about), or of every piece of an order that has none.
INSERT INTO "return_request_items" ("request_id", "order_id", "position", "quantity")
  SELECT r."id", r."order_id", i."position", i."quantity"
  FROM "return_requests" r JOIN "order_items" i ON i."order_id" = r."order_id"
  WHERE NOT ('sale' = ANY(i."tags")) AND i."category_slug" NOT IN ('accessories', 'jewelry', 'underwear', 'swimwear');--> statement-breakpoint
INSERT INTO "return_request_items" ("request_id", "order_id", "position", "quantity")
  SELECT r."id", r."order_id", i."position", i."quantity"
  FROM "return_requests" r JOIN "order_items" i ON i."order_id" = r."order_id"
  WHERE NOT EXISTS (SELECT 1 FROM "return_request_items" x WHERE x."request_id" = r."id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_shipments_tracking_key" ON "order_shipments" USING btree ("order_id","carrier","tracking_number");--> statement-breakpoint
CREATE INDEX "return_request_items_order_idx" ON "return_request_items" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "return_requests_order_idx" ON "return_requests" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "return_requests_status_idx" ON "return_requests" USING btree ("status","created_at");