-- Issue 37: the bell reads a user's unread reminders and their latest read ones, newest due day first, each from an
-- index in that order that holds only those rows: a user with years of read reminders no longer pays for them on
-- every poll (the count and the list read the unread rows; the read ones stop at the bell's 50).
-- (tenant_id, user_id, due_on) read every row of the user, then filtered and sorted them.
DROP INDEX IF EXISTS "reminders_outbox_user_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reminders_outbox_user_unread_idx" ON "reminders_outbox" USING btree ("tenant_id","user_id","due_on","created_on","id") WHERE "read_at" is null;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reminders_outbox_user_read_idx" ON "reminders_outbox" USING btree ("tenant_id","user_id","due_on","created_on","id") WHERE "read_at" is not null;
