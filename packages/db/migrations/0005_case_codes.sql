CREATE TABLE "case_id_config_sub_types" (
	"tenant_id" uuid NOT NULL,
	"config_id" uuid NOT NULL,
	"sub_type_id" integer NOT NULL,
	CONSTRAINT "case_id_config_sub_types_pk" PRIMARY KEY("tenant_id","sub_type_id")
);
--> statement-breakpoint
CREATE TABLE "case_id_configs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"group_code" text NOT NULL,
	"parts" jsonb NOT NULL,
	"s_no_starts_from" integer NOT NULL,
	"reset_id_by" text,
	"created_by" uuid,
	"created_by_name" text NOT NULL,
	"created_by_role_id" integer NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_id_configs_tenant_id_uq" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "case_id_counters" (
	"tenant_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"period" text NOT NULL,
	"last_serial" integer NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_id_counters_pk" PRIMARY KEY("tenant_id","scope")
);
--> statement-breakpoint
CREATE TABLE "case_number_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"type_id" integer NOT NULL,
	"sub_type_id" integer,
	"code" text NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_number_codes_scope_uq" UNIQUE("tenant_id","scope")
);
--> statement-breakpoint
CREATE TABLE "cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"type_id" integer NOT NULL,
	"sub_type_id" integer NOT NULL,
	"petition_config_id" uuid,
	"workflow_id" uuid,
	"case_id_config_id" uuid,
	"serial" integer NOT NULL,
	"case_number" text NOT NULL,
	"beneficiary_name" text,
	"petitioner_name" text,
	"sponsor_name" text,
	"applicant_name" text,
	"created_by" uuid,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cases_tenant_id_uq" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "case_id_config_sub_types" ADD CONSTRAINT "case_id_config_sub_types_sub_type_id_petition_sub_types_id_fk" FOREIGN KEY ("sub_type_id") REFERENCES "public"."petition_sub_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_id_config_sub_types" ADD CONSTRAINT "case_id_config_sub_types_config_fk" FOREIGN KEY ("tenant_id","config_id") REFERENCES "public"."case_id_configs"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_id_configs" ADD CONSTRAINT "case_id_configs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_id_counters" ADD CONSTRAINT "case_id_counters_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_number_codes" ADD CONSTRAINT "case_number_codes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_number_codes" ADD CONSTRAINT "case_number_codes_type_id_petition_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."petition_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_number_codes" ADD CONSTRAINT "case_number_codes_sub_type_id_petition_sub_types_id_fk" FOREIGN KEY ("sub_type_id") REFERENCES "public"."petition_sub_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_type_id_petition_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."petition_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_sub_type_id_petition_sub_types_id_fk" FOREIGN KEY ("sub_type_id") REFERENCES "public"."petition_sub_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_workflow_fk" FOREIGN KEY ("tenant_id","workflow_id") REFERENCES "public"."workflows"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_id_config_sub_types_config_idx" ON "case_id_config_sub_types" USING btree ("config_id");--> statement-breakpoint
CREATE INDEX "case_id_configs_tenant_created_idx" ON "case_id_configs" USING btree ("tenant_id","created_on");--> statement-breakpoint
CREATE INDEX "cases_tenant_created_idx" ON "cases" USING btree ("tenant_id","created_on");--> statement-breakpoint
CREATE INDEX "cases_tenant_number_idx" ON "cases" USING btree ("tenant_id","case_number");