CREATE TABLE "where_to_file_version" (
	"id" serial PRIMARY KEY NOT NULL,
	"effective_from" date NOT NULL,
	"content" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "where_to_file_version_effective_from_unique" UNIQUE("effective_from")
);
--> statement-breakpoint
ALTER TABLE "where_to_file_version" ADD CONSTRAINT "where_to_file_version_created_by_staff_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_user"("id") ON DELETE set null ON UPDATE no action;