CREATE TABLE "content_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_kind" text NOT NULL,
	"document_key" text NOT NULL,
	"version" integer NOT NULL,
	"body" jsonb NOT NULL,
	"state" text NOT NULL,
	"restored_from" integer,
	"note" text,
	"actor_type" text NOT NULL,
	"actor_id" text NOT NULL,
	"actor_label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_versions_state" CHECK ("content_versions"."state" in ('draft', 'published')),
	CONSTRAINT "content_versions_version_positive" CHECK ("content_versions"."version" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "content_versions_document_version_idx" ON "content_versions" USING btree ("document_kind","document_key","version");