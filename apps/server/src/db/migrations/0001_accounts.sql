CREATE TABLE "captcha_challenge" (
	"id" serial PRIMARY KEY NOT NULL,
	"area_code" text NOT NULL,
	"phone" text NOT NULL,
	"answer_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer" (
	"id" serial PRIMARY KEY NOT NULL,
	"area_code" text DEFAULT '86' NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"email_verified_at" timestamp with time zone,
	"timezone" text,
	"last_login_at" timestamp with time zone,
	"deletion_scheduled_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_code" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notification" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"key" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_token" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"family_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_code" (
	"id" serial PRIMARY KEY NOT NULL,
	"area_code" text NOT NULL,
	"phone" text NOT NULL,
	"purpose" text NOT NULL,
	"customer_id" integer,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "email_code" ADD CONSTRAINT "email_code_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_token" ADD CONSTRAINT "refresh_token_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_code" ADD CONSTRAINT "sms_code_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "captcha_phone_idx" ON "captcha_challenge" USING btree ("area_code","phone","created_at");--> statement-breakpoint
CREATE INDEX "captcha_created_idx" ON "captcha_challenge" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_phone_uq" ON "customer" USING btree ("area_code","phone");--> statement-breakpoint
CREATE INDEX "customer_deletion_idx" ON "customer" USING btree ("deletion_scheduled_at") WHERE "customer"."deletion_scheduled_at" is not null;--> statement-breakpoint
CREATE INDEX "email_code_customer_idx" ON "email_code" USING btree ("customer_id","sent_at");--> statement-breakpoint
CREATE INDEX "email_code_sent_idx" ON "email_code" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "notification_customer_idx" ON "notification" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "notification_unread_idx" ON "notification" USING btree ("customer_id") WHERE "notification"."is_read" = false;--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_token_hash_uq" ON "refresh_token" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_token_family_idx" ON "refresh_token" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_token_customer_idx" ON "refresh_token" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "refresh_token_expires_idx" ON "refresh_token" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sms_code_phone_idx" ON "sms_code" USING btree ("area_code","phone","sent_at");--> statement-breakpoint
CREATE INDEX "sms_code_sent_idx" ON "sms_code" USING btree ("sent_at");