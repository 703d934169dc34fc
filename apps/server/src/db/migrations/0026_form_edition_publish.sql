ALTER TABLE "form_edition" ADD COLUMN "mapping" jsonb;--> statement-breakpoint
ALTER TABLE "form_edition" ADD COLUMN "effective_from" text;--> statement-breakpoint
ALTER TABLE "form_edition" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "form_edition" ADD COLUMN "published_by" text;