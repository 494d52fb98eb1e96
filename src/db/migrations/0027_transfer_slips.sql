-- Transfer slips (issue 31 item 6): new tables only, so an existing database keeps every row it has.
CREATE TABLE "transfer_references" (
	"reference" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"source" text NOT NULL,
	"slip_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfer_slips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"file" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"qr_payload" text,
	"trans_ref" text,
	"sending_bank" text,
	"provider" text NOT NULL,
	"reading" jsonb,
	"decision_note" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transfer_references" ADD CONSTRAINT "transfer_references_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_slips" ADD CONSTRAINT "transfer_slips_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transfer_slips_order_idx" ON "transfer_slips" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "transfer_slips_status_idx" ON "transfer_slips" USING btree ("status","created_at");