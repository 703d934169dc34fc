CREATE TABLE "case_lock" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"scope" text NOT NULL,
	"reason" text NOT NULL,
	"task_ref" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evidence_criteria" (
	"case_id" integer PRIMARY KEY NOT NULL,
	"niw_direction" text,
	"claimed" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evidence_file" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"folder_id" integer NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"web_link" text,
	"needs_translation" boolean NOT NULL,
	"translation_mode" text,
	"original_upload_id" integer NOT NULL,
	"translation_upload_id" integer,
	"sort_order" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evidence_folder" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"criterion" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"sort_order" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "letter_evidence" (
	"letter_id" integer NOT NULL,
	"folder_id" integer NOT NULL,
	CONSTRAINT "letter_evidence_letter_id_folder_id_pk" PRIMARY KEY("letter_id","folder_id")
);
--> statement-breakpoint
CREATE TABLE "plan_attachment" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"needs_translation" boolean NOT NULL,
	"translation_mode" text,
	"upload_id" integer NOT NULL,
	"translation_upload_id" integer,
	"sort_order" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recommendation_letter" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"name" text NOT NULL,
	"job_title" text NOT NULL,
	"name_en" text,
	"job_title_en" text,
	"needs_translation" boolean NOT NULL,
	"translation_mode" text,
	"letter_upload_id" integer,
	"letter_translation_upload_id" integer,
	"resume_upload_id" integer,
	"resume_translation_upload_id" integer,
	"status" text DEFAULT 'drafting' NOT NULL,
	"independent" boolean DEFAULT false NOT NULL,
	"sort_order" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "case_lock" ADD CONSTRAINT "case_lock_case_id_workbench_case_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."workbench_case"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_criteria" ADD CONSTRAINT "evidence_criteria_case_id_workbench_case_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."workbench_case"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_file" ADD CONSTRAINT "evidence_file_case_id_workbench_case_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."workbench_case"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_file" ADD CONSTRAINT "evidence_file_folder_id_evidence_folder_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."evidence_folder"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_folder" ADD CONSTRAINT "evidence_folder_case_id_workbench_case_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."workbench_case"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letter_evidence" ADD CONSTRAINT "letter_evidence_letter_id_recommendation_letter_id_fk" FOREIGN KEY ("letter_id") REFERENCES "public"."recommendation_letter"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letter_evidence" ADD CONSTRAINT "letter_evidence_folder_id_evidence_folder_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."evidence_folder"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_attachment" ADD CONSTRAINT "plan_attachment_case_id_workbench_case_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."workbench_case"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendation_letter" ADD CONSTRAINT "recommendation_letter_case_id_workbench_case_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."workbench_case"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_lock_case_idx" ON "case_lock" USING btree ("case_id","scope");--> statement-breakpoint
CREATE INDEX "evidence_file_folder_idx" ON "evidence_file" USING btree ("folder_id","sort_order");--> statement-breakpoint
CREATE INDEX "evidence_folder_case_idx" ON "evidence_folder" USING btree ("case_id","criterion","sort_order");--> statement-breakpoint
CREATE INDEX "letter_evidence_folder_idx" ON "letter_evidence" USING btree ("folder_id");--> statement-breakpoint
CREATE INDEX "plan_attachment_case_idx" ON "plan_attachment" USING btree ("case_id","sort_order");--> statement-breakpoint
CREATE INDEX "recommendation_letter_case_idx" ON "recommendation_letter" USING btree ("case_id","sort_order");