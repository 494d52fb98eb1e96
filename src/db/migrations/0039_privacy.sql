CREATE TYPE "public"."privacy_request_kind" AS ENUM('access', 'erasure');--> statement-breakpoint
CREATE TYPE "public"."privacy_request_source" AS ENUM('web', 'email');--> statement-breakpoint
CREATE TYPE "public"."privacy_request_status" AS ENUM('received', 'pending', 'done', 'failed');--> statement-breakpoint
ALTER TYPE "public"."otp_purpose" ADD VALUE 'erase';--> statement-breakpoint
CREATE TABLE "consent_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"consent_id" uuid NOT NULL,
	"member_id" uuid,
	"banner_version" integer NOT NULL,
	"analytics" text NOT NULL,
	"advertising" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privacy_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"content" jsonb NOT NULL,
	"uses" smallint DEFAULT 0 NOT NULL,
	"max_uses" smallint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privacy_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "privacy_request_kind" NOT NULL,
	"member_id" uuid,
	"subject" text NOT NULL,
	"source" "privacy_request_source" NOT NULL,
	"status" "privacy_request_status" NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	"handled_by" text,
	"locale" text DEFAULT 'th' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_exports" ADD CONSTRAINT "privacy_exports_request_id_privacy_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."privacy_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_exports" ADD CONSTRAINT "privacy_exports_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_records_consent_idx" ON "consent_records" USING btree ("consent_id","created_at");--> statement-breakpoint
CREATE INDEX "consent_records_member_idx" ON "consent_records" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "privacy_exports_token_key" ON "privacy_exports" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "privacy_requests_due_idx" ON "privacy_requests" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "privacy_requests_member_idx" ON "privacy_requests" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "privacy_requests_job_idx" ON "privacy_requests" USING btree ("next_attempt_at") WHERE "privacy_requests"."status" = 'pending';--> statement-breakpoint
-- A credit note is kept as issued (decision 104), except that a PDPA erasure (decision 201) may replace its buyer's
-- name, address and tax ID by the marker: nothing else of the row may change, and it is never deleted.
CREATE OR REPLACE FUNCTION "credit_notes_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE'
		AND NEW.request_id = OLD.request_id AND NEW.order_id = OLD.order_id AND NEW.sequence = OLD.sequence
		AND NEW.number = OLD.number AND NEW.invoice_number = OLD.invoice_number AND NEW.issued_at = OLD.issued_at
		AND (NEW.content - 'buyer') = (OLD.content - 'buyer')
		AND NEW.content->'buyer'->>'name' = '[erased]' AND NEW.content->'buyer'->>'address' = '[erased]' THEN
		RETURN NEW;
	END IF;
	RAISE EXCEPTION 'credit_notes are kept as issued: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
