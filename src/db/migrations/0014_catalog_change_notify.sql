-- Every change to what the shop's public pages show (products, prices, stock, categories, collections, editorials,
-- stores, content pages) notifies 'catalog_changed' with the table's name, once per statement. NOTIFY is
-- transactional: it reaches the listeners (each instance's page cache and catalog read cache) when the change
-- commits, and never for a change that rolls back (issue 18).
CREATE OR REPLACE FUNCTION store_catalog_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalog_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER categories_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION store_catalog_changed();--> statement-breakpoint
CREATE TRIGGER products_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION store_catalog_changed();--> statement-breakpoint
CREATE TRIGGER variants_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "variants" FOR EACH STATEMENT EXECUTE FUNCTION store_catalog_changed();--> statement-breakpoint
CREATE TRIGGER stores_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "stores" FOR EACH STATEMENT EXECUTE FUNCTION store_catalog_changed();--> statement-breakpoint
CREATE TRIGGER store_stock_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "store_stock" FOR EACH STATEMENT EXECUTE FUNCTION store_catalog_changed();--> statement-breakpoint
CREATE TRIGGER collections_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "collections" FOR EACH STATEMENT EXECUTE FUNCTION store_catalog_changed();--> statement-breakpoint
CREATE TRIGGER collection_products_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "collection_products" FOR EACH STATEMENT EXECUTE FUNCTION store_catalog_changed();--> statement-breakpoint
CREATE TRIGGER editorials_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "editorials" FOR EACH STATEMENT EXECUTE FUNCTION store_catalog_changed();--> statement-breakpoint
CREATE TRIGGER product_relations_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_relations" FOR EACH STATEMENT EXECUTE FUNCTION store_catalog_changed();--> statement-breakpoint
CREATE TRIGGER content_pages_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "content_pages" FOR EACH STATEMENT EXECUTE FUNCTION store_catalog_changed();--> statement-breakpoint
CREATE TRIGGER product_search_terms_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_search_terms" FOR EACH STATEMENT EXECUTE FUNCTION store_catalog_changed();
