CREATE TABLE "stamped_copies" (
	"user_id" uuid NOT NULL,
	"book_id" uuid NOT NULL,
	"source_file_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stamped_copies_user_id_book_id_pk" PRIMARY KEY("user_id","book_id")
);
--> statement-breakpoint
ALTER TABLE "stamped_copies" ADD CONSTRAINT "stamped_copies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stamped_copies" ADD CONSTRAINT "stamped_copies_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stamped_copies" ADD CONSTRAINT "stamped_copies_source_file_id_files_id_fk" FOREIGN KEY ("source_file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stamped_copies" ADD CONSTRAINT "stamped_copies_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stamped_copies" ADD CONSTRAINT "stamped_copies_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "stamped_copies_file_idx" ON "stamped_copies" USING btree ("file_id");
--> statement-breakpoint
CREATE INDEX "stamped_copies_source_idx" ON "stamped_copies" USING btree ("source_file_id");
