-- Review versions: every change to a book bumps `version`; an approval or rejection names the version
-- the admin looked at and applies only to it (a change in between answers 409 BOOK_CHANGED).
ALTER TABLE "books" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
-- The admin's optional reason for a rejection, shown to the submitter; cleared on resubmission.
ALTER TABLE "books" ADD COLUMN "rejection_reason" text;
