CREATE TABLE "filing_fee_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"type_id" integer NOT NULL,
	"effective_from" date NOT NULL,
	"created_by" uuid,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "filing_fee_versions_tenant_id_uq" UNIQUE("tenant_id","id"),
	CONSTRAINT "filing_fee_versions_day_uq" UNIQUE("tenant_id","type_id","effective_from")
);
--> statement-breakpoint
CREATE TABLE "filing_fee_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"sub_type_id" integer NOT NULL,
	"position" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"amount" integer NOT NULL,
	"type" text NOT NULL,
	"online" boolean DEFAULT false NOT NULL,
	"def_type" boolean DEFAULT false NOT NULL,
	"allow_multiple" boolean DEFAULT false NOT NULL,
	"per_or_all_dependent" boolean DEFAULT false NOT NULL,
	CONSTRAINT "filing_fee_lines_code_uq" UNIQUE("version_id","sub_type_id","code"),
	CONSTRAINT "filing_fee_lines_amount_ck" CHECK ("filing_fee_lines"."amount" between 0 and 999999)
);
--> statement-breakpoint
CREATE TABLE "filing_fee_names" (
	"tenant_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "filing_fee_names_pk" PRIMARY KEY("tenant_id","code")
);
--> statement-breakpoint
ALTER TABLE "filing_fee_versions" ADD CONSTRAINT "filing_fee_versions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filing_fee_versions" ADD CONSTRAINT "filing_fee_versions_type_id_petition_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."petition_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filing_fee_lines" ADD CONSTRAINT "filing_fee_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filing_fee_lines" ADD CONSTRAINT "filing_fee_lines_sub_type_id_petition_sub_types_id_fk" FOREIGN KEY ("sub_type_id") REFERENCES "public"."petition_sub_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filing_fee_lines" ADD CONSTRAINT "filing_fee_lines_version_fk" FOREIGN KEY ("tenant_id","version_id") REFERENCES "public"."filing_fee_versions"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filing_fee_names" ADD CONSTRAINT "filing_fee_names_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "filing_fee_lines_version_idx" ON "filing_fee_lines" USING btree ("tenant_id","version_id","sub_type_id","position");
