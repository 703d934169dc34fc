CREATE TABLE "customer_session" (
	"id" uuid PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sms_code_failure" (
	"id" serial PRIMARY KEY NOT NULL,
	"area_code" text,
	"phone" text,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "captcha_challenge" ADD COLUMN "public_id" text;--> statement-breakpoint
ALTER TABLE "refresh_token" ADD COLUMN "used_by" text;--> statement-breakpoint
ALTER TABLE "sms_code" ADD COLUMN "ticket_hash" text;--> statement-breakpoint
ALTER TABLE "customer_session" ADD CONSTRAINT "customer_session_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_session_customer_idx" ON "customer_session" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "sms_code_failure_phone_idx" ON "sms_code_failure" USING btree ("area_code","phone","created_at");--> statement-breakpoint
CREATE INDEX "sms_code_failure_ip_idx" ON "sms_code_failure" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "sms_code_failure_created_idx" ON "sms_code_failure" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "captcha_public_id_uq" ON "captcha_challenge" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_code_ticket_uq" ON "sms_code" USING btree ("ticket_hash");--> statement-breakpoint
CREATE INDEX "sms_code_area_sent_idx" ON "sms_code" USING btree ("area_code","sent_at");