CREATE TYPE "public"."order_mail_kind" AS ENUM('order_placed', 'payment_received', 'shipped', 'return_accepted', 'bank_transfer_reminder', 'order_cancelled');--> statement-breakpoint
CREATE TYPE "public"."order_mail_status" AS ENUM('pending', 'sent', 'failed', 'skipped');--> statement-breakpoint
CREATE TABLE "order_mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" "order_mail_kind" NOT NULL,
	"dedupe_key" text DEFAULT '' NOT NULL,
	"data" jsonb NOT NULL,
	"status" "order_mail_status" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now(),
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "order_mails" ADD CONSTRAINT "order_mails_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_mails_event_key" ON "order_mails" USING btree ("order_id","kind","dedupe_key");--> statement-breakpoint
CREATE INDEX "order_mails_due_idx" ON "order_mails" USING btree ("next_attempt_at") WHERE "order_mails"."status" = 'pending';