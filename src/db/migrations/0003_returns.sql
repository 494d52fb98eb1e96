CREATE TYPE "public"."return_kind" AS ENUM('exchange', 'return');--> statement-breakpoint
CREATE TABLE "return_requests" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"kind" "return_kind" NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;