CREATE TABLE "case_packet" (
	"case_id" integer PRIMARY KEY NOT NULL,
	"build_state" text NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"phase" text,
	"job_id" text,
	"queued_fingerprint" text,
	"error_code" text,
	"file_key" text,
	"file_size" integer,
	"file_pages" integer,
	"file_outline" jsonb,
	"missing_forms" jsonb,
	"built_fingerprint" text,
	"cache_keys" jsonb,
	"generated_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "case_packet" ADD CONSTRAINT "case_packet_case_id_workbench_case_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."workbench_case"("id") ON DELETE cascade ON UPDATE no action;