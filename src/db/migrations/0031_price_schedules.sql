CREATE TABLE "price_schedule_lines" (
	"schedule_id" uuid NOT NULL,
	"product_id" text NOT NULL,
	"sale_thb" integer NOT NULL,
	"sale_usd" integer NOT NULL,
	"regular_thb" integer,
	"regular_usd" integer,
	"regular_compare_at_thb" integer,
	"regular_compare_at_usd" integer,
	CONSTRAINT "price_schedule_lines_schedule_id_product_id_pk" PRIMARY KEY("schedule_id","product_id"),
	CONSTRAINT "price_schedule_lines_positive" CHECK ("price_schedule_lines"."sale_thb" > 0 and "price_schedule_lines"."sale_usd" > 0)
);
--> statement-breakpoint
CREATE TABLE "price_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'planned' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" text NOT NULL,
	"activated_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "price_schedules_status" CHECK ("price_schedules"."status" in ('planned', 'active', 'ended', 'cancelled')),
	CONSTRAINT "price_schedules_dates" CHECK ("price_schedules"."ends_at" > "price_schedules"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "price_schedule_lines" ADD CONSTRAINT "price_schedule_lines_schedule_id_price_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."price_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_schedule_lines" ADD CONSTRAINT "price_schedule_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_schedule_lines_product_idx" ON "price_schedule_lines" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "price_schedules_due_idx" ON "price_schedules" USING btree ("status","starts_at");--> statement-breakpoint
CREATE INDEX "price_schedules_end_idx" ON "price_schedules" USING btree ("status","ends_at");