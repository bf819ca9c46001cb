-- Issue 38 finding 1: an invoice states the lines its total is made of: the plan's list price (prorated when it
-- covers part of a period), the coupon's discount, the credit for unused days of the plan it replaced, and tax
-- (0 where none). Invoices issued before carry their total as list price and nothing else.
ALTER TABLE "invoices" ADD COLUMN "list_cents" integer;
--> statement-breakpoint
UPDATE "invoices" SET "list_cents" = "total_cents";
--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "list_cents" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "coupon_code" text;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "credit_cents" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "proration" jsonb;
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_lines_ck" CHECK ("discount_cents" >= 0 AND "credit_cents" >= 0 AND "tax_cents" >= 0 AND "total_cents" = "list_cents" - "discount_cents" - "credit_cents" + "tax_cents");
