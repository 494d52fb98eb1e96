CREATE TYPE "public"."product_status" AS ENUM('draft', 'scheduled', 'published', 'unpublished');--> statement-breakpoint
ALTER TABLE "variants" ALTER COLUMN "barcode" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "status" "product_status" DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "products_publish_due_idx" ON "products" USING btree ("publish_at") WHERE "products"."status" = 'scheduled';