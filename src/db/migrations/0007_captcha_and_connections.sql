DROP TABLE "captcha_challenges" CASCADE;--> statement-breakpoint
ALTER TABLE "otp_challenges" ADD COLUMN "ip" text DEFAULT '' NOT NULL;