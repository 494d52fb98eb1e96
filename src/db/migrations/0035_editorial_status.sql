ALTER TABLE "editorials" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
CREATE INDEX "editorials_published_idx" ON "editorials" USING btree ("status","published_at");--> statement-breakpoint
ALTER TABLE "editorials" ADD CONSTRAINT "editorials_status" CHECK ("editorials"."status" in ('draft', 'published'));