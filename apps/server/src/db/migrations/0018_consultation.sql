CREATE TABLE "consultation" (
	"id" integer PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"status" text NOT NULL,
	"round" integer DEFAULT 0 NOT NULL,
	"timezone" text,
	"local_date" text,
	"local_time" text,
	"booked_for" timestamp with time zone,
	"area_code" text,
	"phone" text,
	"topic" text,
	"booked_at" timestamp with time zone,
	"holder_id" integer,
	"claimed_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consultation_attempt" (
	"id" serial PRIMARY KEY NOT NULL,
	"consultation_id" integer NOT NULL,
	"round" integer NOT NULL,
	"n" integer NOT NULL,
	"outcome" text NOT NULL,
	"note" text,
	"staff_id" integer,
	"staff_name" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consultation" ADD CONSTRAINT "consultation_id_entitlement_id_fk" FOREIGN KEY ("id") REFERENCES "public"."entitlement"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation" ADD CONSTRAINT "consultation_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation" ADD CONSTRAINT "consultation_holder_id_staff_user_id_fk" FOREIGN KEY ("holder_id") REFERENCES "public"."staff_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_attempt" ADD CONSTRAINT "consultation_attempt_consultation_id_consultation_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_attempt" ADD CONSTRAINT "consultation_attempt_staff_id_staff_user_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consultation_queue_idx" ON "consultation" USING btree ("status","booked_for");--> statement-breakpoint
CREATE INDEX "consultation_customer_idx" ON "consultation" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "consultation_attempt_uq" ON "consultation_attempt" USING btree ("consultation_id","round","n");