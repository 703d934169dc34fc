CREATE TABLE "service_task" (
	"id" integer PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"case_id" integer NOT NULL,
	"service" text NOT NULL,
	"status" text NOT NULL,
	"covers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"submitted_at" timestamp with time zone,
	"holder_id" integer,
	"claimed_at" timestamp with time zone,
	"result_comments" text,
	"result_upload_id" integer,
	"result_by" text,
	"result_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_task_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"ref_id" integer NOT NULL,
	"name" text NOT NULL,
	"upload_id" integer,
	"translation_upload_id" integer,
	"translator_name" text
);
--> statement-breakpoint
ALTER TABLE "staff_user" ADD COLUMN "display_name" text;--> statement-breakpoint
ALTER TABLE "service_task" ADD CONSTRAINT "service_task_id_entitlement_id_fk" FOREIGN KEY ("id") REFERENCES "public"."entitlement"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_task" ADD CONSTRAINT "service_task_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_task" ADD CONSTRAINT "service_task_case_id_workbench_case_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."workbench_case"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_task" ADD CONSTRAINT "service_task_holder_id_staff_user_id_fk" FOREIGN KEY ("holder_id") REFERENCES "public"."staff_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_task_item" ADD CONSTRAINT "service_task_item_task_id_service_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."service_task"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_task_queue_idx" ON "service_task" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "service_task_customer_idx" ON "service_task" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_task_item_uq" ON "service_task_item" USING btree ("task_id","key");