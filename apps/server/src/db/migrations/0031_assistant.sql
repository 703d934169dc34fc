CREATE TABLE "assistant_budget" (
	"day" date PRIMARY KEY NOT NULL,
	"tokens" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assistant_consent" (
	"case_id" integer PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"granted_at" timestamp with time zone NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assistant_draft" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"task" text NOT NULL,
	"target" jsonb NOT NULL,
	"instruction" text,
	"status" text NOT NULL,
	"failure" text,
	"received_chars" integer DEFAULT 0 NOT NULL,
	"paragraphs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"removed_sentences" integer DEFAULT 0 NOT NULL,
	"failed_citations" integer DEFAULT 0 NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tokens" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assistant_usage" (
	"customer_id" integer NOT NULL,
	"day" date NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	"tokens" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "assistant_usage_customer_id_day_pk" PRIMARY KEY("customer_id","day")
);
--> statement-breakpoint
ALTER TABLE "upload_page_text" ADD COLUMN "page_sources" jsonb;--> statement-breakpoint
ALTER TABLE "assistant_consent" ADD CONSTRAINT "assistant_consent_case_id_workbench_case_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."workbench_case"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_draft" ADD CONSTRAINT "assistant_draft_case_id_workbench_case_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."workbench_case"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_usage" ADD CONSTRAINT "assistant_usage_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assistant_draft_case_idx" ON "assistant_draft" USING btree ("case_id","id");--> statement-breakpoint
CREATE INDEX "assistant_usage_day_idx" ON "assistant_usage" USING btree ("day");