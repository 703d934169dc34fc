CREATE TABLE "qa_keyword_review" (
	"keyword" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Hidden keywords (decision 0035) become reviews with the status 'hidden' (decision 0052).
INSERT INTO "qa_keyword_review" ("keyword", "status", "reviewed_by", "reviewed_at")
SELECT "keyword", 'hidden', "hidden_by", "hidden_at" FROM "qa_hidden_keyword";--> statement-breakpoint
DROP TABLE "qa_hidden_keyword" CASCADE;--> statement-breakpoint
ALTER TABLE "qa_search" ADD COLUMN "day" date;--> statement-breakpoint
ALTER TABLE "qa_search" ADD COLUMN "visitor" text;--> statement-breakpoint
-- Searches recorded before this migration name no visitor: each keyword keeps one (pseudo-)visitor per UTC day
-- it was searched, its first search that day; what one client searched many times counts once a day.
UPDATE "qa_search" SET "day" = ("searched_at" AT TIME ZONE 'UTC')::date, "visitor" = 'before-0020';--> statement-breakpoint
DELETE FROM "qa_search" WHERE "id" NOT IN (SELECT min("id") FROM "qa_search" GROUP BY "keyword", "day");--> statement-breakpoint
ALTER TABLE "qa_search" ALTER COLUMN "day" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "qa_search" ALTER COLUMN "visitor" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "qa_keyword_review" ADD CONSTRAINT "qa_keyword_review_reviewed_by_staff_user_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."staff_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "qa_search_visit_uq" ON "qa_search" USING btree ("keyword","day","visitor");
