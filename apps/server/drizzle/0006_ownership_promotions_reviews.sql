-- The store-wide promotion (one row, set by the admin) and members' reviews of the books they own.
-- Books keep their review count and rating total, so catalogue pages show ratings without a join.
-- Order items already keep each book's title and price as sold (0000_init), so unlisting or editing a
-- book never changes order history; 'unlisted' is a new value of books.status (a text column).
CREATE TABLE "promotions" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"percent_off" integer NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_single_row_check" CHECK ("id" = 1),
	CONSTRAINT "promotions_percent_check" CHECK ("percent_off" BETWEEN 1 AND 90)
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY NOT NULL,
	"book_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_check" CHECK ("rating" BETWEEN 1 AND 5)
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_book_user_idx" ON "reviews" USING btree ("book_id","user_id");
--> statement-breakpoint
CREATE INDEX "reviews_book_created_idx" ON "reviews" USING btree ("book_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "reviews_user_idx" ON "reviews" USING btree ("user_id");
--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "rating_total" integer DEFAULT 0 NOT NULL;
