CREATE TABLE "qa_hidden_keyword" (
	"keyword" text PRIMARY KEY NOT NULL,
	"hidden_by" integer,
	"hidden_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_row" (
	"id" serial PRIMARY KEY NOT NULL,
	"fee_key" text NOT NULL,
	"effective_from" date NOT NULL,
	"cents" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_note" (
	"id" serial PRIMARY KEY NOT NULL,
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"staff_id" integer,
	"author" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assessment" ADD COLUMN "contact_status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "assessment" ADD COLUMN "holder_id" integer;--> statement-breakpoint
ALTER TABLE "assessment" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "assessment" ADD COLUMN "contacted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "assessment" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agent_appointment" ADD COLUMN "contact_status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_appointment" ADD COLUMN "holder_id" integer;--> statement-breakpoint
ALTER TABLE "agent_appointment" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agent_appointment" ADD COLUMN "contacted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agent_appointment" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "advice" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "qa" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "qa" ADD COLUMN "answered_by" integer;--> statement-breakpoint
ALTER TABLE "qa" ADD COLUMN "asker_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "qa_hidden_keyword" ADD CONSTRAINT "qa_hidden_keyword_hidden_by_staff_user_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."staff_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_row" ADD CONSTRAINT "fee_row_created_by_staff_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_note" ADD CONSTRAINT "staff_note_staff_id_staff_user_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fee_row_key_from_uq" ON "fee_row" USING btree ("fee_key","effective_from");--> statement-breakpoint
CREATE INDEX "staff_note_target_idx" ON "staff_note" USING btree ("target_type","target_id","created_at");--> statement-breakpoint
ALTER TABLE "assessment" ADD CONSTRAINT "assessment_holder_id_staff_user_id_fk" FOREIGN KEY ("holder_id") REFERENCES "public"."staff_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_appointment" ADD CONSTRAINT "agent_appointment_holder_id_staff_user_id_fk" FOREIGN KEY ("holder_id") REFERENCES "public"."staff_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa" ADD CONSTRAINT "qa_answered_by_staff_user_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."staff_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_appointment_queue_idx" ON "agent_appointment" USING btree ("contact_status","created_at");