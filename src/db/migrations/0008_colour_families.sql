-- Colour families (decision 019): each products row is one colour of a family. Rows from before
-- this migration become families of one colour: family_id = id, colour position 0.
ALTER TABLE "products" ADD COLUMN "family_id" text;--> statement-breakpoint
UPDATE "products" SET "family_id" = "id" WHERE "family_id" IS NULL;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "family_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "color_position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "products_family_idx" ON "products" USING btree ("family_id","color_position");
