CREATE TABLE "agent_appointment" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"name" text NOT NULL,
	"area_code" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"wechat" text,
	"timezone" text NOT NULL,
	"appointment_date" date NOT NULL,
	"time_range" text NOT NULL,
	"entrance" text DEFAULT '' NOT NULL,
	"language" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_appointment" ADD CONSTRAINT "agent_appointment_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_appointment_created_idx" ON "agent_appointment" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "agent_appointment_customer_idx" ON "agent_appointment" USING btree ("customer_id");