CREATE TABLE "review_intended" (
	"case_id" integer NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "review_intended_case_id_key_pk" PRIMARY KEY("case_id","key")
);
--> statement-breakpoint
CREATE TABLE "upload_page_text" (
	"upload_id" integer PRIMARY KEY NOT NULL,
	"pages" jsonb NOT NULL,
	"source" text DEFAULT 'layer' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "evidence_folder" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "evidence_folder" ADD COLUMN "evidence_date" date;--> statement-breakpoint
ALTER TABLE "recommendation_letter" ADD COLUMN "relation" text;--> statement-breakpoint
ALTER TABLE "recommendation_letter" ADD COLUMN "coauthored" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "workbench_case" ADD COLUMN "planned_filing_date" date;--> statement-breakpoint
ALTER TABLE "review_intended" ADD CONSTRAINT "review_intended_case_id_workbench_case_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."workbench_case"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_page_text" ADD CONSTRAINT "upload_page_text_upload_id_upload_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."upload"("id") ON DELETE cascade ON UPDATE no action;