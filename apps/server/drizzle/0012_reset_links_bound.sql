ALTER TABLE "password_resets" ADD COLUMN "password_fingerprint" text;
