-- Issue 20: letters and letter headers (002 §2.4, §2.5, §3.4, §7.4) are rows of forms_and_letters (the table the
-- case-type configuration already links, R-CASETYPE-019), with the record's remaining fields (R-LETTER-015).
-- The table keeps its row-level security from 0012/0021; the new columns need no policy of their own.
ALTER TABLE "forms_and_letters" ADD COLUMN "doc_type_id" text;--> statement-breakpoint
ALTER TABLE "forms_and_letters" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "forms_and_letters" ADD COLUMN "edition" text;--> statement-breakpoint
ALTER TABLE "forms_and_letters" ADD COLUMN "from_tenant" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "forms_and_letters" ADD COLUMN "case_type_id" integer;--> statement-breakpoint
ALTER TABLE "forms_and_letters" ADD COLUMN "case_sub_type_id" integer;--> statement-breakpoint
ALTER TABLE "forms_and_letters" ADD COLUMN "updated_on" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "forms_and_letters" ADD CONSTRAINT "forms_and_letters_doc_type_ck" CHECK ("doc_type_id" IS NULL OR "doc_type_id" = 'header_template');--> statement-breakpoint
ALTER TABLE "forms_and_letters" ADD CONSTRAINT "forms_and_letters_case_type_fk" FOREIGN KEY ("case_type_id") REFERENCES "public"."petition_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms_and_letters" ADD CONSTRAINT "forms_and_letters_case_sub_type_fk" FOREIGN KEY ("case_sub_type_id") REFERENCES "public"."petition_sub_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "forms_and_letters_tenant_created_idx" ON "forms_and_letters" USING btree ("tenant_id","created_on","id");
