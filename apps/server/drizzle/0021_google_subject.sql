-- The Google account (OpenID Connect's `sub`) a member first signed in with: later sign-ins find the
-- member by it before the e-mail address, so an address changed at Google still reaches the account.
ALTER TABLE "users" ADD COLUMN "google_subject" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "users_google_subject_idx" ON "users" USING btree ("google_subject");
