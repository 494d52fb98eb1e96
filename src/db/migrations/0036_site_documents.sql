CREATE TABLE "site_documents" (
	"key" text PRIMARY KEY NOT NULL,
	"body" jsonb NOT NULL,
	"version" integer NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The shop reads the live site documents (the home page's blocks, the menu): a change tells every instance's caches
-- at once, like the catalog's tables (migration 0014).
CREATE TRIGGER site_documents_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_documents" FOR EACH STATEMENT EXECUTE FUNCTION store_catalog_changed();
