ALTER TABLE "case_packet" ADD COLUMN "file_date" text;--> statement-breakpoint
ALTER TABLE "case_packet" ADD COLUMN "file_time_zone" text;--> statement-breakpoint
ALTER TABLE "case_packet" ADD COLUMN "file_check" jsonb;