CREATE TABLE "workflow_configs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"workflow_id" uuid NOT NULL,
	"petition_type_id" integer NOT NULL,
	"petition_sub_type_id" integer,
	"questionnaire_id" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_configs_type_uq" UNIQUE NULLS NOT DISTINCT("tenant_id","petition_type_id","petition_sub_type_id")
);
--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "manage_rfe_case" text DEFAULT 'with_in_case' NOT NULL;--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "show_petition_alert" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "workflow_configs" ADD CONSTRAINT "workflow_configs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_configs" ADD CONSTRAINT "workflow_configs_tenant_id_workflow_id_workflows_tenant_id_id_fk" FOREIGN KEY ("tenant_id","workflow_id") REFERENCES "public"."workflows"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workflow_configs_workflow_idx" ON "workflow_configs" USING btree ("tenant_id","workflow_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workflows_tenant_name_uq" ON "workflows" USING btree ("tenant_id",lower("name"));