-- Issue 39 (findings 4 and 7): subscribe's idempotency keys (a tenant's, with the answer they got) and the
-- coupons' rules (platform coupons with an expiry and a redemption cap; a tenant redeems a coupon once).
CREATE TABLE "idempotency_keys" (
	"tenant_id" uuid NOT NULL,
	"route" text NOT NULL,
	"key" text NOT NULL,
	"user_id" uuid NOT NULL,
	"request_hash" text NOT NULL,
	"response" jsonb NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_pk" PRIMARY KEY("tenant_id","route","key")
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON idempotency_keys TO app_user;
--> statement-breakpoint
ALTER TABLE idempotency_keys ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE idempotency_keys FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('CREATE POLICY system_context ON idempotency_keys TO %I USING (true) WITH CHECK (true)', current_user);
END $$;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON idempotency_keys TO app_user
  USING (tenant_id = (SELECT app_current_tenant())) WITH CHECK (tenant_id = (SELECT app_current_tenant()));
--> statement-breakpoint
CREATE TABLE "coupons" (
	"code" text PRIMARY KEY NOT NULL,
	"percent_off" integer NOT NULL,
	"valid_until" date NOT NULL,
	"max_redemptions" integer NOT NULL,
	"redeemed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "coupons_percent_ck" CHECK ("coupons"."percent_off" between 1 and 100),
	CONSTRAINT "coupons_redeemed_ck" CHECK ("coupons"."redeemed" between 0 and "coupons"."max_redemptions")
);
--> statement-breakpoint
-- Platform data, no tenant: every tenant reads the offer; a redemption counts one up (the CHECK is the cap).
GRANT SELECT, UPDATE ON coupons TO app_user;
--> statement-breakpoint
-- The coupons that ship (README "Payments sandbox"): two on offer, one expired at the end of 2025.
INSERT INTO "coupons" ("code", "percent_off", "valid_until", "max_redemptions") VALUES
	('WELCOME10', 10, '2099-12-31', 1000),
	('IMMIGRATION25', 25, '2099-12-31', 100),
	('LAUNCH2025', 20, '2025-12-31', 500);
--> statement-breakpoint
CREATE TABLE "coupon_redemptions" (
	"tenant_id" uuid NOT NULL,
	"coupon_code" text NOT NULL,
	"invoice_ref" text NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_redemptions_pk" PRIMARY KEY("tenant_id","coupon_code")
);
--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_code_coupons_code_fk" FOREIGN KEY ("coupon_code") REFERENCES "public"."coupons"("code") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
GRANT SELECT, INSERT ON coupon_redemptions TO app_user;
--> statement-breakpoint
ALTER TABLE coupon_redemptions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE coupon_redemptions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('CREATE POLICY system_context ON coupon_redemptions TO %I USING (true) WITH CHECK (true)', current_user);
END $$;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON coupon_redemptions TO app_user
  USING (tenant_id = (SELECT app_current_tenant())) WITH CHECK (tenant_id = (SELECT app_current_tenant()));
