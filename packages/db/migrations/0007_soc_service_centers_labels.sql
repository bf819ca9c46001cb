CREATE TABLE "message_labels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_by_name" text NOT NULL,
	"created_by_role_id" integer NOT NULL,
	"created_by_role_name" text NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "couriers" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_centers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"name" text NOT NULL,
	"type_id" integer NOT NULL,
	"state_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"address_config" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"premium_processing" text DEFAULT 'no' NOT NULL,
	"description" text,
	"source" text,
	"effective_date" text,
	"created_by" uuid,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_centers_tenant_id_uq" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "soc_code_configs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"designation" text NOT NULL,
	"description" text NOT NULL,
	"job_titles" text NOT NULL,
	"soc_id" integer,
	"documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"new_soc_code" text,
	"created_by" uuid,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "soc_code_configs_tenant_id_uq" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "soc_codes" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "soc_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "message_labels" ADD CONSTRAINT "message_labels_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_centers" ADD CONSTRAINT "service_centers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_centers" ADD CONSTRAINT "service_centers_type_id_petition_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."petition_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "soc_code_configs" ADD CONSTRAINT "soc_code_configs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "soc_code_configs" ADD CONSTRAINT "soc_code_configs_soc_id_soc_codes_id_fk" FOREIGN KEY ("soc_id") REFERENCES "public"."soc_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_labels_name_uq" ON "message_labels" USING btree (coalesce("tenant_id", '00000000-0000-0000-0000-000000000000'::uuid),lower("name"));--> statement-breakpoint
CREATE INDEX "message_labels_tenant_created_idx" ON "message_labels" USING btree ("tenant_id","created_on","id");--> statement-breakpoint
CREATE INDEX "message_labels_tenant_updated_idx" ON "message_labels" USING btree ("tenant_id","updated_on","id");--> statement-breakpoint
CREATE INDEX "message_labels_tenant_name_idx" ON "message_labels" USING btree ("tenant_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "message_labels_tenant_creator_idx" ON "message_labels" USING btree ("tenant_id","created_by_name","id");--> statement-breakpoint
CREATE INDEX "message_labels_name_trgm_idx" ON "message_labels" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_centers_tenant_created_idx" ON "service_centers" USING btree ("tenant_id","created_on","id");--> statement-breakpoint
CREATE INDEX "service_centers_tenant_name_idx" ON "service_centers" USING btree ("tenant_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "service_centers_name_trgm_idx" ON "service_centers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "soc_code_configs_name_uq" ON "soc_code_configs" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "soc_code_configs_tenant_created_idx" ON "soc_code_configs" USING btree ("tenant_id","created_on","id");--> statement-breakpoint
CREATE INDEX "soc_code_configs_tenant_name_idx" ON "soc_code_configs" USING btree ("tenant_id",lower("name"),"id");