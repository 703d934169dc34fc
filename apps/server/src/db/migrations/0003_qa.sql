CREATE TABLE "advice" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"content" text NOT NULL,
	"language" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qa" (
	"id" serial PRIMARY KEY NOT NULL,
	"seed_key" text,
	"category_id" integer,
	"customer_id" integer,
	"question_zh" text,
	"answer_zh" text,
	"question_en" text,
	"answer_en" text,
	"language" text DEFAULT 'zh' NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qa_category" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qa_search" (
	"id" serial PRIMARY KEY NOT NULL,
	"keyword" text NOT NULL,
	"searched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "advice" ADD CONSTRAINT "advice_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa" ADD CONSTRAINT "qa_category_id_qa_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."qa_category"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qa" ADD CONSTRAINT "qa_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advice_created_idx" ON "advice" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "qa_seed_key_uq" ON "qa" USING btree ("seed_key");--> statement-breakpoint
CREATE INDEX "qa_published_idx" ON "qa" USING btree ("category_id","position","id") WHERE "qa"."published";--> statement-breakpoint
CREATE INDEX "qa_customer_idx" ON "qa" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "qa_category_key_uq" ON "qa_category" USING btree ("key");--> statement-breakpoint
CREATE INDEX "qa_search_searched_idx" ON "qa_search" USING btree ("searched_at","keyword");