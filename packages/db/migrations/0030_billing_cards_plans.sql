ALTER TABLE "tenants" ADD COLUMN "card" jsonb;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "subscription" jsonb;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "pay_terms_accepted_on" timestamp with time zone;
