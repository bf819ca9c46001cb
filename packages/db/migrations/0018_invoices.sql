CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"ref_id" text NOT NULL,
	"subscriber_email" text NOT NULL,
	"plan_name" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"total_cents" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"status_id" smallint NOT NULL,
	"due_date" date,
	"paid_on" timestamp with time zone,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_tenant_ref_uq" UNIQUE("tenant_id","ref_id"),
	CONSTRAINT "invoices_status_ck" CHECK ("invoices"."status_id" in (1, 2)),
	CONSTRAINT "invoices_total_ck" CHECK ("invoices"."total_cents" >= 0),
	CONSTRAINT "invoices_paid_ck" CHECK (("invoices"."status_id" = 2) = ("invoices"."paid_on" is not null))
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_tenant_created_idx" ON "invoices" USING btree ("tenant_id","created_on","id");--> statement-breakpoint
CREATE INDEX "invoices_tenant_due_idx" ON "invoices" USING btree ("tenant_id","due_date","id");