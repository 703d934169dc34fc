ALTER TABLE "agent_appointment" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "agent_appointment" ADD COLUMN "request_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_appointment_idempotency_uq" ON "agent_appointment" USING btree ("idempotency_key") WHERE "agent_appointment"."idempotency_key" is not null;