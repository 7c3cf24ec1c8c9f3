-- The page cookie (bo_page) becomes a credential of its own: a secret made with each session,
-- stored as its sha256 beside the bearer token's, that only draws pages (server/http/auth.ts takes
-- it only for the calls of a page drawn on the server) and ends with the session's row. Before,
-- the cookie held the bearer token itself. Additive: a server of the previous version writes no
-- page_hash and never reads it; a session from before has none, so its pages are drawn by the
-- browser until the person signs in again.
ALTER TABLE "access_tokens" ADD COLUMN "page_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_page_hash_unique" UNIQUE("page_hash");