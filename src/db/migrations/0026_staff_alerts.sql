CREATE TABLE "staff_alert_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"event_key" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fanned_out_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff_alert_settings" (
	"staff_id" uuid PRIMARY KEY NOT NULL,
	"line_user_id" text,
	"linked_at" timestamp with time zone,
	"link_code_hash" text,
	"link_code_expires_at" timestamp with time zone,
	"kinds" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"language" text NOT NULL,
	"text" text NOT NULL,
	"link" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now(),
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "staff_alert_settings" ADD CONSTRAINT "staff_alert_settings_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_alerts" ADD CONSTRAINT "staff_alerts_event_id_staff_alert_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."staff_alert_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_alerts" ADD CONSTRAINT "staff_alerts_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_alert_events_key" ON "staff_alert_events" USING btree ("kind","event_key");--> statement-breakpoint
CREATE INDEX "staff_alert_events_waiting_idx" ON "staff_alert_events" USING btree ("created_at") WHERE "staff_alert_events"."fanned_out_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_alert_settings_link_code_key" ON "staff_alert_settings" USING btree ("link_code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_alerts_event_staff_key" ON "staff_alerts" USING btree ("event_id","staff_id");--> statement-breakpoint
CREATE INDEX "staff_alerts_staff_idx" ON "staff_alerts" USING btree ("staff_id","created_at");--> statement-breakpoint
CREATE INDEX "staff_alerts_due_idx" ON "staff_alerts" USING btree ("next_attempt_at") WHERE "staff_alerts"."status" = 'pending';