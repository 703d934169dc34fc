CREATE TABLE "case_filing" (
	"case_id" integer PRIMARY KEY NOT NULL,
	"mailed_on" date,
	"carrier" text,
	"tracking_number" text,
	"stage" text NOT NULL,
	"stage_on" date,
	"exhibit_snapshot" jsonb,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "case_rfe" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"kind" text DEFAULT 'rfe' NOT NULL,
	"receipt_id" integer,
	"notice_date" date NOT NULL,
	"due_date" date NOT NULL,
	"notice_upload_id" integer,
	"responded_on" date,
	"status" text DEFAULT 'open' NOT NULL,
	"reminders_sent" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "case_status_usage" (
	"day" date PRIMARY KEY NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "filing_receipt" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"form" text NOT NULL,
	"receipt_number" text NOT NULL,
	"notice_date" date,
	"premium" boolean DEFAULT false NOT NULL,
	"notice_upload_id" integer,
	"status_code" text,
	"status_text" text,
	"status_description" text,
	"status_source" text,
	"status_at" timestamp with time zone,
	"closed" boolean DEFAULT false NOT NULL,
	"last_polled_at" timestamp with time zone,
	"next_poll_at" timestamp with time zone,
	"poll_failures" integer DEFAULT 0 NOT NULL,
	"last_poll_error" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "filing_receipt_case_number_uq" UNIQUE("case_id","receipt_number")
);
--> statement-breakpoint
CREATE TABLE "filing_status_event" (
	"id" serial PRIMARY KEY NOT NULL,
	"receipt_id" integer NOT NULL,
	"case_id" integer NOT NULL,
	"status_code" text NOT NULL,
	"status_text" text NOT NULL,
	"status_description" text,
	"source" text NOT NULL,
	"occurred_on" date,
	"observed_at" timestamp with time zone NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rfe_finding" (
	"id" serial PRIMARY KEY NOT NULL,
	"rfe_id" integer NOT NULL,
	"case_id" integer NOT NULL,
	"position" integer NOT NULL,
	"mode" text NOT NULL,
	"text" text NOT NULL,
	"criterion" text,
	"note" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rfe_finding_exhibit" (
	"finding_id" integer NOT NULL,
	"folder_id" integer NOT NULL,
	"case_id" integer NOT NULL,
	"reprint" boolean DEFAULT false NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "rfe_finding_exhibit_finding_id_folder_id_pk" PRIMARY KEY("finding_id","folder_id")
);
--> statement-breakpoint
CREATE TABLE "rfe_packet" (
	"rfe_id" integer PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"build_state" text NOT NULL,
	"error_code" text,
	"file_key" text,
	"file_size" integer,
	"file_pages" integer,
	"built_fingerprint" text,
	"file_check" jsonb,
	"generated_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "case_filing" ADD CONSTRAINT "case_filing_case_id_workbench_case_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."workbench_case"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_rfe" ADD CONSTRAINT "case_rfe_case_id_workbench_case_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."workbench_case"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_rfe" ADD CONSTRAINT "case_rfe_receipt_id_filing_receipt_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."filing_receipt"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filing_receipt" ADD CONSTRAINT "filing_receipt_case_id_workbench_case_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."workbench_case"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filing_status_event" ADD CONSTRAINT "filing_status_event_receipt_id_filing_receipt_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."filing_receipt"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filing_status_event" ADD CONSTRAINT "filing_status_event_case_id_workbench_case_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."workbench_case"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfe_finding" ADD CONSTRAINT "rfe_finding_rfe_id_case_rfe_id_fk" FOREIGN KEY ("rfe_id") REFERENCES "public"."case_rfe"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfe_finding" ADD CONSTRAINT "rfe_finding_case_id_workbench_case_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."workbench_case"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfe_finding_exhibit" ADD CONSTRAINT "rfe_finding_exhibit_finding_id_rfe_finding_id_fk" FOREIGN KEY ("finding_id") REFERENCES "public"."rfe_finding"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfe_finding_exhibit" ADD CONSTRAINT "rfe_finding_exhibit_folder_id_evidence_folder_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."evidence_folder"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfe_finding_exhibit" ADD CONSTRAINT "rfe_finding_exhibit_case_id_workbench_case_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."workbench_case"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfe_packet" ADD CONSTRAINT "rfe_packet_rfe_id_case_rfe_id_fk" FOREIGN KEY ("rfe_id") REFERENCES "public"."case_rfe"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfe_packet" ADD CONSTRAINT "rfe_packet_case_id_workbench_case_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."workbench_case"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_rfe_case_idx" ON "case_rfe" USING btree ("case_id","id");--> statement-breakpoint
CREATE INDEX "filing_receipt_poll_idx" ON "filing_receipt" USING btree ("closed","next_poll_at");--> statement-breakpoint
CREATE INDEX "filing_status_event_receipt_idx" ON "filing_status_event" USING btree ("receipt_id","id");--> statement-breakpoint
CREATE INDEX "rfe_finding_rfe_idx" ON "rfe_finding" USING btree ("rfe_id","position");--> statement-breakpoint
CREATE INDEX "rfe_finding_exhibit_case_idx" ON "rfe_finding_exhibit" USING btree ("case_id");