CREATE TABLE "case_eta9089" (
	"case_id" integer PRIMARY KEY NOT NULL,
	"form_upload_id" integer,
	"determination_upload_id" integer,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "case_eta9089" ADD CONSTRAINT "case_eta9089_case_id_workbench_case_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."workbench_case"("id") ON DELETE cascade ON UPDATE no action;