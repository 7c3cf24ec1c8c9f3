-- Where each session was signed in from, for the profile's list of one's sessions: the browser's
-- User-Agent as sent (cut to 512 characters; the device's name is read from it when listed) and
-- the client's address as the server saw it (server/http/client.ts). Sessions signed in before
-- this have neither, and are listed as an unknown device. Additive: two nullable columns.
ALTER TABLE "access_tokens" ADD COLUMN "user_agent" varchar(512);--> statement-breakpoint
ALTER TABLE "access_tokens" ADD COLUMN "ip_address" varchar(64);
