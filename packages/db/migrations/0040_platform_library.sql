-- Issue 21: the platform's catalogue and library.
-- The case-type catalogue (petition_types / petition_sub_types, master data since issue 1) is now maintained
-- by the platform: which tenant types may use each, and whether it is offered at all.
ALTER TABLE "petition_types" ADD COLUMN "tenant_types" integer[] DEFAULT '{1,2}' NOT NULL;--> statement-breakpoint
ALTER TABLE "petition_types" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "petition_sub_types" ADD COLUMN "tenant_types" integer[] DEFAULT '{1,2}' NOT NULL;--> statement-breakpoint
ALTER TABLE "petition_sub_types" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- The platform's forms (USCIS forms) and shared letters, offered to every tenant's case-type checklist.
CREATE TABLE "platform_forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"form_number" text,
	"title" text NOT NULL,
	"description" text,
	"from_tenant_id" uuid,
	"type_ids" integer[] DEFAULT '{}' NOT NULL,
	"sub_type_ids" integer[] DEFAULT '{}' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_forms_kind_ck" CHECK ("kind" IN ('Form', 'Letter'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "platform_forms_number_uq" ON "platform_forms" USING btree (upper("form_number")) WHERE "form_number" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_forms" ADD CONSTRAINT "platform_forms_from_tenant_fk" FOREIGN KEY ("from_tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- An edition of a form: the newest edition date is the one new cases get.
CREATE TABLE "platform_form_editions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"form_id" uuid NOT NULL,
	"edition_date" date NOT NULL,
	"document_path" text,
	"document_name" text,
	"created_by" uuid,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_form_editions_uq" UNIQUE("form_id","edition_date")
);
--> statement-breakpoint
ALTER TABLE "platform_form_editions" ADD CONSTRAINT "platform_form_editions_form_fk" FOREIGN KEY ("form_id") REFERENCES "public"."platform_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The platform's default configuration per sub-type, applied to a tenant when it is created.
CREATE TABLE "platform_case_configs" (
	"sub_type_id" integer PRIMARY KEY NOT NULL,
	"type_id" integer NOT NULL,
	"questionnaire_name" text,
	"link_default_workflow" boolean DEFAULT true NOT NULL,
	"form_ids" uuid[] DEFAULT '{}' NOT NULL,
	"updated_by" uuid,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "platform_case_configs" ADD CONSTRAINT "platform_case_configs_type_fk" FOREIGN KEY ("type_id") REFERENCES "public"."petition_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_case_configs" ADD CONSTRAINT "platform_case_configs_sub_type_fk" FOREIGN KEY ("sub_type_id") REFERENCES "public"."petition_sub_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- A tenant's configuration picks platform forms beside its own forms and letters.
CREATE TABLE "petition_config_platform_forms" (
	"tenant_id" uuid NOT NULL,
	"config_id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	CONSTRAINT "petition_config_platform_forms_pk" PRIMARY KEY("tenant_id","config_id","form_id")
);
--> statement-breakpoint
ALTER TABLE "petition_config_platform_forms" ADD CONSTRAINT "petition_config_platform_forms_config_fk" FOREIGN KEY ("tenant_id","config_id") REFERENCES "public"."petition_configs"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "petition_config_platform_forms" ADD CONSTRAINT "petition_config_platform_forms_form_fk" FOREIGN KEY ("form_id") REFERENCES "public"."platform_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The edition of each platform form a case was opened with (it keeps it when a new edition arrives).
CREATE TABLE "case_form_editions" (
	"tenant_id" uuid NOT NULL,
	"case_id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	"edition_id" uuid NOT NULL,
	CONSTRAINT "case_form_editions_pk" PRIMARY KEY("tenant_id","case_id","form_id")
);
--> statement-breakpoint
ALTER TABLE "case_form_editions" ADD CONSTRAINT "case_form_editions_case_fk" FOREIGN KEY ("tenant_id","case_id") REFERENCES "public"."cases"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_form_editions" ADD CONSTRAINT "case_form_editions_form_fk" FOREIGN KEY ("form_id") REFERENCES "public"."platform_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_form_editions" ADD CONSTRAINT "case_form_editions_edition_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."platform_form_editions"("id") ON DELETE no action ON UPDATE no action;
