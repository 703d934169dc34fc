CREATE TABLE "upload" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"project_code" text NOT NULL,
	"original_name" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"status" text NOT NULL,
	"pages" integer,
	"pdf_sha256" text,
	"pdf_size" bigint,
	"refusal_code" text,
	"refusal_zh" text,
	"refusal_en" text,
	"attached_to" text,
	"attached_at" timestamp with time zone,
	"unreferenced_since" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload_session" (
	"key" text PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"project_code" text NOT NULL,
	"file_name" text NOT NULL,
	"declared_type" text,
	"size" bigint NOT NULL,
	"sha256" text,
	"upload_id" integer,
	"refusal_code" text,
	"refusal_zh" text,
	"refusal_en" text,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "upload" ADD CONSTRAINT "upload_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_session" ADD CONSTRAINT "upload_session_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_session" ADD CONSTRAINT "upload_session_upload_id_upload_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."upload"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upload_case_idx" ON "upload" USING btree ("customer_id","project_code");--> statement-breakpoint
CREATE INDEX "upload_blob_idx" ON "upload" USING btree ("customer_id","sha256");--> statement-breakpoint
CREATE INDEX "upload_orphan_idx" ON "upload" USING btree ("unreferenced_since") WHERE "upload"."unreferenced_since" is not null;--> statement-breakpoint
CREATE INDEX "upload_checking_idx" ON "upload" USING btree ("created_at") WHERE "upload"."status" = 'checking';--> statement-breakpoint
CREATE INDEX "upload_session_case_idx" ON "upload_session" USING btree ("customer_id","project_code");--> statement-breakpoint
CREATE INDEX "upload_session_created_idx" ON "upload_session" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "upload_session_upload_uq" ON "upload_session" USING btree ("upload_id");