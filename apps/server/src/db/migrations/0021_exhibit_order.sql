CREATE TABLE "exhibit_order" (
	"case_id" integer PRIMARY KEY NOT NULL,
	"mode" text DEFAULT 'criterion' NOT NULL,
	"sequence" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exhibit_order" ADD CONSTRAINT "exhibit_order_case_id_workbench_case_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."workbench_case"("id") ON DELETE cascade ON UPDATE no action;