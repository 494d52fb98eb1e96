-- Trigram search (pg_trgm) must exist before the GIN index on search_terms.term.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TYPE "public"."gender" AS ENUM('men', 'women', 'unisex');--> statement-breakpoint
CREATE TYPE "public"."relation_kind" AS ENUM('match', 'similar');--> statement-breakpoint
CREATE TABLE "categories" (
	"slug" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"name_th" text NOT NULL,
	"name_en" text NOT NULL,
	"domestic_only" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_products" (
	"collection_slug" text NOT NULL,
	"product_id" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "collection_products_collection_slug_product_id_pk" PRIMARY KEY("collection_slug","product_id")
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"slug" text PRIMARY KEY NOT NULL,
	"parent_slug" text,
	"position" integer NOT NULL,
	"name_th" text NOT NULL,
	"name_en" text NOT NULL,
	"description_th" text NOT NULL,
	"description_en" text NOT NULL,
	"image" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_pages" (
	"slug" text PRIMARY KEY NOT NULL,
	"title_th" text NOT NULL,
	"title_en" text NOT NULL,
	"description_th" text NOT NULL,
	"description_en" text NOT NULL,
	"body_th" jsonb NOT NULL,
	"body_en" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "editorials" (
	"slug" text PRIMARY KEY NOT NULL,
	"title_th" text NOT NULL,
	"title_en" text NOT NULL,
	"excerpt_th" text NOT NULL,
	"excerpt_en" text NOT NULL,
	"body_th" jsonb NOT NULL,
	"body_en" jsonb NOT NULL,
	"hero_image" jsonb NOT NULL,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_relations" (
	"product_id" text NOT NULL,
	"related_id" text NOT NULL,
	"kind" "relation_kind" NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "product_relations_product_id_kind_related_id_pk" PRIMARY KEY("product_id","kind","related_id")
);
--> statement-breakpoint
CREATE TABLE "product_search_terms" (
	"term" text NOT NULL,
	"product_id" text NOT NULL,
	"weight" smallint NOT NULL,
	"rank" bigint NOT NULL,
	CONSTRAINT "product_search_terms_term_product_id_pk" PRIMARY KEY("term","product_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"category_slug" text NOT NULL,
	"gender" "gender" NOT NULL,
	"name_th" text NOT NULL,
	"name_en" text NOT NULL,
	"description_th" text NOT NULL,
	"description_en" text NOT NULL,
	"color_slug" text NOT NULL,
	"color_name_th" text NOT NULL,
	"color_name_en" text NOT NULL,
	"color_hex" text NOT NULL,
	"material_th" text NOT NULL,
	"material_en" text NOT NULL,
	"care_th" jsonb NOT NULL,
	"care_en" jsonb NOT NULL,
	"size_chart" jsonb,
	"price_thb" integer NOT NULL,
	"price_usd" integer NOT NULL,
	"compare_at_thb" integer,
	"compare_at_usd" integer,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"images" jsonb NOT NULL,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_stock" (
	"store_id" text NOT NULL,
	"sku" text NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "store_stock_store_id_sku_pk" PRIMARY KEY("store_id","sku"),
	CONSTRAINT "store_stock_quantity_not_negative" CHECK ("store_stock"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"name_th" text NOT NULL,
	"name_en" text NOT NULL,
	"address_th" text NOT NULL,
	"address_en" text NOT NULL,
	"city_th" text NOT NULL,
	"city_en" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"phone" text NOT NULL,
	"hours" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "variants" (
	"sku" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"size" text NOT NULL,
	"position" integer NOT NULL,
	"barcode" text NOT NULL,
	"stock_online" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "variants_stock_online_not_negative" CHECK ("variants"."stock_online" >= 0)
);
--> statement-breakpoint
ALTER TABLE "collection_products" ADD CONSTRAINT "collection_products_collection_slug_collections_slug_fk" FOREIGN KEY ("collection_slug") REFERENCES "public"."collections"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_products" ADD CONSTRAINT "collection_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_parent_slug_collections_slug_fk" FOREIGN KEY ("parent_slug") REFERENCES "public"."collections"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_relations" ADD CONSTRAINT "product_relations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_relations" ADD CONSTRAINT "product_relations_related_id_products_id_fk" FOREIGN KEY ("related_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_search_terms" ADD CONSTRAINT "product_search_terms_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_slug_categories_slug_fk" FOREIGN KEY ("category_slug") REFERENCES "public"."categories"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_stock" ADD CONSTRAINT "store_stock_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_stock" ADD CONSTRAINT "store_stock_sku_variants_sku_fk" FOREIGN KEY ("sku") REFERENCES "public"."variants"("sku") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_products_product_idx" ON "collection_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "collections_parent_idx" ON "collections" USING btree ("parent_slug");--> statement-breakpoint
CREATE INDEX "product_search_terms_product_idx" ON "product_search_terms" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_search_terms_ranked_idx" ON "product_search_terms" USING btree ("term","weight" DESC NULLS LAST,"rank" DESC NULLS LAST,"product_id");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_slug","created_at");--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "store_stock_sku_idx" ON "store_stock" USING btree ("sku");--> statement-breakpoint
CREATE UNIQUE INDEX "variants_barcode_idx" ON "variants" USING btree ("barcode");--> statement-breakpoint
CREATE UNIQUE INDEX "variants_product_size_idx" ON "variants" USING btree ("product_id","size");