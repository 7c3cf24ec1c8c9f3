-- Who closed a register session (domain/pos/till.facts.ts RegisterSession.closed_by): its cashier,
-- or a manager (`pos setting`) closing a session someone left open. Sessions closed before this
-- were closed by their cashier (only they could). Additive: a nullable column, back-filled.
ALTER TABLE "register_sessions" ADD COLUMN "closed_by" integer;--> statement-breakpoint
ALTER TABLE "register_sessions" ADD CONSTRAINT "register_sessions_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
UPDATE "register_sessions" SET "closed_by" = "opened_by" WHERE "status" = 'closed';
