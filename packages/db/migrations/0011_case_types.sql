CREATE TABLE "case_type_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"allow_custon_case_no" boolean DEFAULT true NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forms_and_letters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"document_path" text NOT NULL,
	"document_name" text NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forms_and_letters_tenant_id_uq" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "petition_config_forms" (
	"tenant_id" uuid NOT NULL,
	"config_id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	CONSTRAINT "petition_config_forms_pk" PRIMARY KEY("tenant_id","config_id","form_id")
);
--> statement-breakpoint
CREATE TABLE "petition_configs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"type_id" integer NOT NULL,
	"sub_type_id" integer NOT NULL,
	"questionnaire_tpl_id" uuid NOT NULL,
	"insert_to" text,
	"show_petition_alert" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "petition_configs_tenant_id_uq" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "questionnaire_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"entity_type" text NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questionnaire_templates_tenant_id_uq" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "tenant_case_sub_types" (
	"tenant_id" uuid NOT NULL,
	"sub_type_id" integer NOT NULL,
	"selected" boolean NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenant_case_sub_types_pk" PRIMARY KEY("tenant_id","sub_type_id")
);
--> statement-breakpoint
CREATE TABLE "tenant_case_types" (
	"tenant_id" uuid NOT NULL,
	"type_id" integer NOT NULL,
	"selected" boolean NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenant_case_types_pk" PRIMARY KEY("tenant_id","type_id")
);
--> statement-breakpoint
ALTER TABLE "case_type_settings" ADD CONSTRAINT "case_type_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms_and_letters" ADD CONSTRAINT "forms_and_letters_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "petition_config_forms" ADD CONSTRAINT "petition_config_forms_config_fk" FOREIGN KEY ("tenant_id","config_id") REFERENCES "public"."petition_configs"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "petition_config_forms" ADD CONSTRAINT "petition_config_forms_form_fk" FOREIGN KEY ("tenant_id","form_id") REFERENCES "public"."forms_and_letters"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "petition_configs" ADD CONSTRAINT "petition_configs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "petition_configs" ADD CONSTRAINT "petition_configs_type_id_petition_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."petition_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "petition_configs" ADD CONSTRAINT "petition_configs_sub_type_id_petition_sub_types_id_fk" FOREIGN KEY ("sub_type_id") REFERENCES "public"."petition_sub_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "petition_configs" ADD CONSTRAINT "petition_configs_questionnaire_fk" FOREIGN KEY ("tenant_id","questionnaire_tpl_id") REFERENCES "public"."questionnaire_templates"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_templates" ADD CONSTRAINT "questionnaire_templates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_case_sub_types" ADD CONSTRAINT "tenant_case_sub_types_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_case_sub_types" ADD CONSTRAINT "tenant_case_sub_types_sub_type_id_petition_sub_types_id_fk" FOREIGN KEY ("sub_type_id") REFERENCES "public"."petition_sub_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_case_types" ADD CONSTRAINT "tenant_case_types_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_case_types" ADD CONSTRAINT "tenant_case_types_type_id_petition_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."petition_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "forms_and_letters_tenant_name_idx" ON "forms_and_letters" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "petition_config_forms_form_idx" ON "petition_config_forms" USING btree ("tenant_id","form_id");--> statement-breakpoint
CREATE UNIQUE INDEX "petition_configs_active_uq" ON "petition_configs" USING btree ("tenant_id","sub_type_id") WHERE "petition_configs"."active";--> statement-breakpoint
CREATE INDEX "questionnaire_templates_tenant_name_idx" ON "questionnaire_templates" USING btree ("tenant_id","name");