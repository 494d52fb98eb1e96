CREATE TABLE "credit_notes" (
	"request_id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"invoice_number" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"content" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_outcomes" (
	"request_id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"refund_amount" integer,
	"refund_pieces" jsonb,
	"refunded_at" timestamp with time zone,
	"decided_at" timestamp with time zone NOT NULL,
	CONSTRAINT "return_outcomes_outcome" CHECK ("return_outcomes"."outcome" IN ('exchange', 'refund')),
	CONSTRAINT "return_outcomes_refund" CHECK (("return_outcomes"."outcome" = 'refund') = ("return_outcomes"."refund_amount" IS NOT NULL AND "return_outcomes"."refund_amount" >= 0))
);
--> statement-breakpoint
CREATE TABLE "return_receipts" (
	"request_id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"location" text NOT NULL,
	"pieces" jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"received_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_replacement_items" (
	"request_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"sku" text NOT NULL,
	"size" text NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "return_replacement_items_request_id_position_pk" PRIMARY KEY("request_id","position"),
	CONSTRAINT "return_replacement_items_quantity_positive" CHECK ("return_replacement_items"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_request_id_return_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."return_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_outcomes" ADD CONSTRAINT "return_outcomes_request_id_return_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."return_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_outcomes" ADD CONSTRAINT "return_outcomes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_receipts" ADD CONSTRAINT "return_receipts_request_id_return_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."return_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_receipts" ADD CONSTRAINT "return_receipts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_replacement_items" ADD CONSTRAINT "return_replacement_items_request_id_return_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."return_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_replacement_items" ADD CONSTRAINT "return_replacement_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_sequence_key" ON "credit_notes" USING btree ("sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_number_key" ON "credit_notes" USING btree ("number");--> statement-breakpoint
CREATE INDEX "credit_notes_order_idx" ON "credit_notes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "return_outcomes_order_idx" ON "return_outcomes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "return_replacement_items_order_idx" ON "return_replacement_items" USING btree ("order_id");--> statement-breakpoint
-- A credit note is kept as issued (like a tax invoice, decision 104): no UPDATE or DELETE of its rows.
CREATE FUNCTION "credit_notes_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'credit_notes are kept as issued: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "credit_notes_no_update_or_delete" BEFORE UPDATE OR DELETE ON "credit_notes"
	FOR EACH ROW EXECUTE FUNCTION "credit_notes_immutable"();
