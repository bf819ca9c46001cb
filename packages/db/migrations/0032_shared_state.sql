-- Issue 22: more than one server process on one PostgreSQL. What a process used to keep to itself is kept here
-- when DATABASE_URL is set: the bytes of uploaded files (every process serves every file) and the rate-limit
-- counters (a tenant's limit is counted once, whichever process answers). System context only: no grant and no
-- policy for app_user or app_platform, as for sessions (0001). The `files` table, under row-level security,
-- still decides who may read which stored path.
CREATE TABLE "file_blobs" (
	"path" text PRIMARY KEY NOT NULL,
	"data" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_ends" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_idx" ON "rate_limit_counters" USING btree ("window_ends");
--> statement-breakpoint
ALTER TABLE "file_blobs" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "rate_limit_counters" ENABLE ROW LEVEL SECURITY;
