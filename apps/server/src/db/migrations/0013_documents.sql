CREATE TABLE "case_document" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"kind" text NOT NULL,
	"version" integer NOT NULL,
	"content" jsonb NOT NULL,
	"service_first" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "case_document_case_kind_uq" UNIQUE("case_id","kind")
);
--> statement-breakpoint
CREATE TABLE "case_document_version" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"version" integer NOT NULL,
	"content" jsonb NOT NULL,
	"autosave" boolean NOT NULL,
	"restored_from" integer,
	"chars" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "case_document" ADD CONSTRAINT "case_document_case_id_workbench_case_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."workbench_case"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_document_version" ADD CONSTRAINT "case_document_version_document_id_case_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."case_document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_document_version_doc_idx" ON "case_document_version" USING btree ("document_id","id");