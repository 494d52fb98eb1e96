CREATE TYPE "public"."pixel_event_status" AS ENUM('recorded', 'pending', 'sent', 'failed');--> statement-breakpoint
CREATE TYPE "public"."pixel_platform" AS ENUM('meta', 'tiktok');--> statement-breakpoint
CREATE TABLE "pixel_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"platform" "pixel_platform" NOT NULL,
	"event_id" text NOT NULL,
	"event_name" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" "pixel_event_status" DEFAULT 'recorded' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "pixel_events_event_key" ON "pixel_events" USING btree ("platform","event_id","event_name");--> statement-breakpoint
CREATE INDEX "pixel_events_due_idx" ON "pixel_events" USING btree ("next_attempt_at") WHERE "pixel_events"."status" = 'pending';