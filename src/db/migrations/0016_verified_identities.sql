-- Issue 29 (account pre-hijack): an e-mail or telephone counts as a member's only once a code sent to it was entered.
-- Until then it logs nobody in, links no LINE account and blocks nobody: the unique indexes cover confirmed values
-- only. Members stored before this change (docs/decisions/036-verified-identities.md):
-- - a Thai telephone (+66) is confirmed: registration and every change of it went through a code by SMS;
-- - an e-mail is confirmed when the registration's code went to it (a telephone outside Thailand, which codes never
--   reached by SMS), the member was made by LINE Login (no telephone: LINE confirmed the address it shared), or a
--   change of it was confirmed by a code to it and the record of that code is still kept;
-- - everything else is unconfirmed until its member enters a code sent to it (account page, or the next change).
-- Safe on an existing database: columns are added, indexes rebuilt (unique values stay unique), data is kept.
DROP INDEX "members_email_key";--> statement-breakpoint
DROP INDEX "members_telephone_key";--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "telephone_verified_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "members_email_idx" ON "members" USING btree ("email");--> statement-breakpoint
CREATE INDEX "members_telephone_idx" ON "members" USING btree ("telephone");--> statement-breakpoint
CREATE UNIQUE INDEX "members_email_key" ON "members" USING btree ("email") WHERE "members"."email_verified_at" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "members_telephone_key" ON "members" USING btree ("telephone") WHERE "members"."telephone_verified_at" IS NOT NULL;--> statement-breakpoint
UPDATE "members" SET "telephone_verified_at" = "created_at" WHERE "telephone" LIKE '+66%';--> statement-breakpoint
UPDATE "members" m SET "email_verified_at" = m."created_at"
WHERE m."email" IS NOT NULL
  AND (
    (m."telephone" IS NOT NULL AND m."telephone" NOT LIKE '+66%')
    OR (m."telephone" IS NULL AND m."line_user_id" IS NOT NULL)
    OR EXISTS (
      SELECT 1 FROM "otp_challenges" c
      WHERE c."member_id" = m."id" AND c."purpose" = 'change' AND c."channel" = 'email'
        AND c."identifier" = m."email" AND c."used_at" IS NOT NULL
    )
  );
