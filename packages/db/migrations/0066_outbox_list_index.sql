-- Issue 37: an admin's outbox (every message their invitations and resets wrote), newest first, read in that order
-- from one index and paged by key (created_at, then id): (created_by, created_at, id) replaces (created_by,
-- created_at), which left the tie on id to a sort.
DROP INDEX IF EXISTS "mail_outbox_creator_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "mail_outbox_creator_created_id_idx" ON "mail_outbox" USING btree ("created_by", "created_at", "id");
