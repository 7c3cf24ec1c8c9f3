CREATE TABLE "login_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"failed_at" timestamp with time zone[] DEFAULT '{}'::timestamptz[] NOT NULL
);
