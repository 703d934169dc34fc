CREATE TABLE "customer_preference" (
	"customer_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "customer_preference_customer_id_key_pk" PRIMARY KEY("customer_id","key")
);
--> statement-breakpoint
CREATE TABLE "form_edition" (
	"id" serial PRIMARY KEY NOT NULL,
	"form_number" text NOT NULL,
	"edition" text NOT NULL,
	"edition_date" text NOT NULL,
	"is_current" boolean DEFAULT false NOT NULL,
	"expires" text,
	"official_url" text NOT NULL,
	"blank_source" text,
	"blank_ref" text,
	"blank_sha256" text,
	"blank_uploaded_by" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "immigration_data" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"form_number" text NOT NULL,
	"edition" text NOT NULL,
	"data" jsonb,
	"draft" jsonb,
	"overrides" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"saved_at" timestamp with time zone,
	"draft_saved_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stage_submission" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"stage" text NOT NULL,
	"fingerprint" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workbench_case" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"plan_id" integer,
	"premium_processing" boolean DEFAULT false NOT NULL,
	"payment_method" text DEFAULT 'G-1450' NOT NULL,
	"settings_version" integer DEFAULT 0 NOT NULL,
	"profile" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"profile_version" integer DEFAULT 0 NOT NULL,
	"profile_updated_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "static_file" ADD COLUMN "source" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_preference" ADD CONSTRAINT "customer_preference_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "immigration_data" ADD CONSTRAINT "immigration_data_case_id_workbench_case_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."workbench_case"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_submission" ADD CONSTRAINT "stage_submission_case_id_workbench_case_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."workbench_case"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workbench_case" ADD CONSTRAINT "workbench_case_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workbench_case" ADD CONSTRAINT "workbench_case_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workbench_case" ADD CONSTRAINT "workbench_case_plan_id_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plan"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "form_edition_form_edition_uq" ON "form_edition" USING btree ("form_number","edition");--> statement-breakpoint
CREATE UNIQUE INDEX "form_edition_one_current_uq" ON "form_edition" USING btree ("form_number") WHERE "form_edition"."is_current";--> statement-breakpoint
CREATE UNIQUE INDEX "immigration_data_case_form_uq" ON "immigration_data" USING btree ("case_id","form_number","edition");--> statement-breakpoint
CREATE INDEX "stage_submission_case_idx" ON "stage_submission" USING btree ("case_id","stage","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "workbench_case_customer_project_uq" ON "workbench_case" USING btree ("customer_id","project_id");