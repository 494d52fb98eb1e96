CREATE TYPE "public"."member_code_kind" AS ENUM('monthly', 'birthday');--> statement-breakpoint
CREATE TABLE "member_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"key" text NOT NULL,
	"code" text NOT NULL,
	"kind" "member_code_kind" NOT NULL,
	"percent" smallint NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_order_id" uuid,
	"discount_used" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_codes" ADD CONSTRAINT "member_codes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_codes_member_key" ON "member_codes" USING btree ("member_id","key");--> statement-breakpoint
CREATE INDEX "member_codes_member_code_idx" ON "member_codes" USING btree ("member_id","code");