CREATE TABLE "mix_match_prices" (
	"size" smallint NOT NULL,
	"currency" "currency" NOT NULL,
	"price" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mix_match_prices_size_currency_pk" PRIMARY KEY("size","currency"),
	CONSTRAINT "mix_match_prices_price_check" CHECK ("mix_match_prices"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "promotion_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"percent" smallint,
	"amount_thb" integer,
	"amount_usd" integer,
	"cap_thb" integer,
	"cap_usd" integer,
	"min_thb" integer,
	"min_usd" integer,
	"exclude_tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"exclude_categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"uses_per_member" integer,
	"uses_total" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_codes_kind_check" CHECK ("promotion_codes"."kind" in ('amount', 'percent')),
	CONSTRAINT "promotion_codes_dates_check" CHECK ("promotion_codes"."ends_at" is null or "promotion_codes"."starts_at" is null or "promotion_codes"."ends_at" > "promotion_codes"."starts_at"),
	CONSTRAINT "promotion_codes_uses_check" CHECK ("promotion_codes"."uses" >= 0 and ("promotion_codes"."uses_total" is null or "promotion_codes"."uses" <= "promotion_codes"."uses_total"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_codes_code_key" ON "promotion_codes" USING btree (upper("code"));--> statement-breakpoint
-- NEW200 as the constant it replaces (src/domain/promotions.ts, §9): 200 THB off, THB only, a minimum of 1,000 THB of
-- eligible pieces, sale pieces neither count nor get it, no dates, no limit on uses.
INSERT INTO "promotion_codes" ("id", "code", "kind", "amount_thb", "min_thb", "exclude_tags")
VALUES ('00000000-0000-4000-8000-000000000200', 'NEW200', 'amount', 20000, 100000, ARRAY['sale']::text[]);--> statement-breakpoint
-- The bundle prices of mix-and-match as the constants they replace (src/domain/mix-match-prices.ts).
INSERT INTO "mix_match_prices" ("size", "currency", "price") VALUES
  (3, 'thb', 199000), (5, 'thb', 299000), (3, 'usd', 6000), (5, 'usd', 9000);--> statement-breakpoint
-- The product page names the bundle prices: a change shows on the next answer (migration 0014's trigger).
CREATE TRIGGER mix_match_prices_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "mix_match_prices" FOR EACH STATEMENT EXECUTE FUNCTION store_catalog_changed();
