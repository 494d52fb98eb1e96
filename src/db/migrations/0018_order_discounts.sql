CREATE TYPE "public"."discount_kind" AS ENUM('mix_match', 'code', 'tier', 'birth_month');--> statement-breakpoint
CREATE TABLE "order_discounts" (
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" "discount_kind" NOT NULL,
	"code" text,
	"amount" integer NOT NULL,
	CONSTRAINT "order_discounts_order_id_position_pk" PRIMARY KEY("order_id","position"),
	CONSTRAINT "order_discounts_amount_positive" CHECK ("order_discounts"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_discounts" ADD CONSTRAINT "order_discounts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Orders placed before this migration kept one discount (orders.discount: mix-and-match and the code added up).
-- Their lines are rebuilt from what was stored: an order line's line_total was its shelf amount less its share of
-- mix-and-match, so Σ(unit_price × quantity − line_total) is the order's mix-and-match; the rest of the discount
-- is its code (a member's code was marked with the order: its kind tells a tier code from a birth-month one).
WITH old AS (
	SELECT o.id, o.discount, o.promotion_code,
		LEAST(o.discount, GREATEST(0, COALESCE((
			SELECT sum(i.unit_price * i.quantity - i.line_total) FROM "order_items" i WHERE i.order_id = o.id
		), 0)))::integer AS mix_match,
		(SELECT CASE c.kind WHEN 'monthly' THEN 'tier' ELSE 'birth_month' END
			FROM "member_codes" c WHERE c.used_order_id = o.id LIMIT 1) AS member_kind
	FROM "orders" o
	WHERE o.discount > 0 AND NOT EXISTS (SELECT 1 FROM "order_discounts" d WHERE d.order_id = o.id)
)
INSERT INTO "order_discounts" ("order_id", "position", "kind", "code", "amount")
SELECT id, 0, 'mix_match', NULL, mix_match FROM old WHERE mix_match > 0
UNION ALL
SELECT id, CASE WHEN mix_match > 0 THEN 1 ELSE 0 END, COALESCE(member_kind, 'code')::"discount_kind", promotion_code,
	discount - mix_match
FROM old WHERE discount - mix_match > 0;
