-- The audit trail (issue 36): who did what and when, one row per change, written by the server in
-- the change's own transaction (server/audit/record.ts). The actor is kept by id without a foreign key
-- (deleting a user keeps their events) and by name and email as they were.
CREATE TABLE "audit_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"actor_name" varchar(255),
	"actor_email" varchar(255),
	"kind" varchar(48) NOT NULL,
	"subject_type" varchar(48),
	"subject_id" integer,
	"subject_label" text,
	"summary" text NOT NULL,
	"changes" jsonb,
	"address" varchar(64)
);
--> statement-breakpoint
CREATE INDEX "audit_events_created_idx" ON "audit_events" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_events_kind_idx" ON "audit_events" USING btree ("kind","created_at");--> statement-breakpoint
-- Append-only, as the stock ledger is (0006): nobody edits or removes what happened, whether
-- through the app, a script or a console. TRUNCATE skips row triggers, so it has its own.
CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit trail is append-only: its events cannot be changed or removed'
    USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();--> statement-breakpoint
-- "audit list": reading the trail, in the Administration module, for every role that sees users
-- ('user list'), as 0019 does for 'order update'. A fresh database has no permissions yet:
-- nothing happens here, the seed adds them (Super Admin holds every one).
INSERT INTO "permissions" ("name", "module_id")
SELECT 'audit list', p."module_id" FROM "permissions" p WHERE p."name" = 'user list'
ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT rp."role_id", np."id"
FROM "permissions" gp
JOIN "role_permissions" rp ON rp."permission_id" = gp."id"
JOIN "permissions" np ON np."name" = 'audit list'
WHERE gp."name" = 'user list'
ON CONFLICT DO NOTHING;
