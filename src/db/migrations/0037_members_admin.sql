ALTER TYPE "public"."member_code_kind" ADD VALUE 'goodwill';--> statement-breakpoint
ALTER TABLE "member_codes" ADD COLUMN "amount" integer;--> statement-breakpoint
ALTER TABLE "member_codes" ADD COLUMN "amount_currency" "currency";--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "blocked_at" timestamp with time zone;