-- Payments that cannot lose money: a payment attempt is written before the gateway is called, bound
-- to its Idempotency-Key and to a hash of its request, and finished (or refunded, or expired) by the
-- checkout or by the reconciler. See src/modules/orders/checkout.service.ts.
CREATE TABLE "payment_attempts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"card_id" uuid,
	"card_brand" text,
	"card_last4" text,
	"items" jsonb NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"charge_id" text,
	"order_id" uuid,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_attempts_status_check" CHECK ("status" IN ('pending', 'charged', 'completed', 'refunded', 'expired', 'declined')),
	CONSTRAINT "payment_attempts_amount_check" CHECK ("amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_card_id_payment_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."payment_cards"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_user_key_idx" ON "payment_attempts" USING btree ("user_id","idempotency_key");
--> statement-breakpoint
CREATE INDEX "payment_attempts_open_idx" ON "payment_attempts" USING btree ("updated_at") WHERE "status" IN ('pending', 'charged');
--> statement-breakpoint
-- Fingerprints were an HMAC of the card number keyed from JWT_SECRET, which sits in DATA_DIR beside
-- the data: reversible. They are dropped; new ones come from the gateway, keyed with its own secret.
ALTER TABLE "payment_cards" ALTER COLUMN "fingerprint" DROP NOT NULL;
--> statement-breakpoint
UPDATE "payment_cards" SET "fingerprint" = NULL;
--> statement-breakpoint
-- The simulated gateway keeps its vault and ledger in its own folder (SIMULATED_GATEWAY_DIR) now, not
-- in the store's database. Cards saved before this change must be added again to be charged.
DROP TABLE "gateway_charges";
--> statement-breakpoint
DROP TABLE "gateway_cards";
