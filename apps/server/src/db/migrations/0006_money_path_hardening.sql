CREATE TABLE "payment_flag" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"order_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text
);
--> statement-breakpoint
ALTER TABLE "payment" DROP CONSTRAINT "payment_order_id_shop_order_id_fk";
--> statement-breakpoint
ALTER TABLE "shop_order" DROP CONSTRAINT "shop_order_customer_id_customer_id_fk";
--> statement-breakpoint
ALTER TABLE "shop_order" ALTER COLUMN "customer_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_event" ADD COLUMN "verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_event" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "shop_order" ADD COLUMN "checkout_provider" text;--> statement-breakpoint
ALTER TABLE "shop_order" ADD COLUMN "checkout_url" text;--> statement-breakpoint
ALTER TABLE "shop_order" ADD COLUMN "checkout_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop_order" ADD COLUMN "checkout_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_flag" ADD CONSTRAINT "payment_flag_order_id_shop_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_flag" ADD CONSTRAINT "payment_flag_payment_id_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_flag_payment_kind_uq" ON "payment_flag" USING btree ("payment_id","kind");--> statement-breakpoint
CREATE INDEX "payment_flag_order_idx" ON "payment_flag" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_flag_open_idx" ON "payment_flag" USING btree ("created_at") WHERE "payment_flag"."resolved_at" is null;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_order_id_shop_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_order" ADD CONSTRAINT "shop_order_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE set null ON UPDATE no action;