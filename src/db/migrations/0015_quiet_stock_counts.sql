-- A sale or a restock that leaves every size on the same side of "in stock" (more than 0) and "low stock" (at most 2,
-- LOW_STOCK in src/api/catalog.service.ts) changes nothing a page or the API shows: only the count moved. Such an
-- update of variants no longer notifies 'catalog_changed' (issue 18: under the mixed shopper load every order
-- emptied every cache, and nothing was ever answered from one). Any other change still notifies, at commit.
DROP TRIGGER variants_catalog_changed ON "variants";--> statement-breakpoint
CREATE TRIGGER variants_catalog_changed AFTER INSERT OR DELETE OR TRUNCATE ON "variants" FOR EACH STATEMENT EXECUTE FUNCTION store_catalog_changed();--> statement-breakpoint
CREATE OR REPLACE FUNCTION store_variants_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1
    FROM new_rows n
    FULL JOIN old_rows o ON o.sku = n.sku
    WHERE o.sku IS NULL
       OR n.sku IS NULL
       OR (to_jsonb(o) - 'stock_online') IS DISTINCT FROM (to_jsonb(n) - 'stock_online')
       OR (o.stock_online > 0) <> (n.stock_online > 0)
       OR (o.stock_online <= 2) <> (n.stock_online <= 2)
  ) THEN
    PERFORM pg_notify('catalog_changed', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER variants_catalog_updated AFTER UPDATE ON "variants" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION store_variants_updated();
