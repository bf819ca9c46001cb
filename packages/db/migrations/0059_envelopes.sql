-- Issue 35 item 3: documents sent from a case for signature. An envelope holds the PDF sent (a stored file and its
-- SHA-256), the fields placed on it (copied when sent: a later edit of the template changes no envelope), its
-- signers in order, and once every signer has signed, the signed PDF with its certificate page and the SHA-256 of
-- that whole file. A signed envelope never changes; a change to the document is a new envelope.
CREATE TABLE "envelopes" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "tenant_id" uuid NOT NULL REFERENCES "tenants"("id"),
  "case_id" uuid NOT NULL,
  "name" text NOT NULL,
  "source_kind" text NOT NULL,
  "source_id" uuid,
  "fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "sent_file" text NOT NULL,
  "sha256_sent" text NOT NULL,
  "signed_file" text,
  "sha256_signed_pages" text,
  "sha256" text,
  "status" text DEFAULT 'sent' NOT NULL,
  "version" integer DEFAULT 0 NOT NULL,
  "created_by" uuid REFERENCES "users"("id") ON DELETE set null,
  "created_on" timestamp with time zone DEFAULT now() NOT NULL,
  "closed_on" timestamp with time zone,
  CONSTRAINT "envelopes_tenant_id_uq" UNIQUE("tenant_id","id"),
  CONSTRAINT "envelopes_case_id_uq" UNIQUE("tenant_id","case_id","id"),
  CONSTRAINT "envelopes_case_fk" FOREIGN KEY ("tenant_id","case_id") REFERENCES "cases"("tenant_id","id") ON DELETE cascade,
  CONSTRAINT "envelopes_source_ck" CHECK ("source_kind" in ('esign-template', 'case-document')),
  CONSTRAINT "envelopes_status_ck" CHECK ("status" in ('sent', 'viewed', 'signed', 'declined', 'cancelled')),
  CONSTRAINT "envelopes_signed_ck" CHECK (("status" = 'signed') = ("signed_file" is not null and "sha256" is not null))
);
--> statement-breakpoint
CREATE INDEX "envelopes_case_idx" ON "envelopes" ("tenant_id", "case_id", "created_on");
--> statement-breakpoint
CREATE TABLE "envelope_signers" (
  "tenant_id" uuid NOT NULL REFERENCES "tenants"("id"),
  "case_id" uuid NOT NULL,
  "envelope_id" uuid NOT NULL,
  "seq" integer NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id"),
  "role" text NOT NULL,
  "status" text NOT NULL,
  "viewed_on" timestamp with time zone,
  "signed_on" timestamp with time zone,
  "signed_from" text,
  "signature" jsonb,
  "decline_reason" text,
  CONSTRAINT "envelope_signers_pk" PRIMARY KEY ("tenant_id", "envelope_id", "seq"),
  CONSTRAINT "envelope_signers_once_uq" UNIQUE ("tenant_id", "envelope_id", "user_id"),
  CONSTRAINT "envelope_signers_envelope_fk" FOREIGN KEY ("tenant_id","case_id","envelope_id") REFERENCES "envelopes"("tenant_id","case_id","id") ON DELETE cascade,
  CONSTRAINT "envelope_signers_status_ck" CHECK ("status" in ('waiting', 'pending', 'viewed', 'signed', 'declined'))
);
--> statement-breakpoint
CREATE INDEX "envelope_signers_user_idx" ON "envelope_signers" ("tenant_id", "user_id", "status");
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON envelopes, envelope_signers TO app_user;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['envelopes', 'envelope_signers'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY system_context ON %I TO %I USING (true) WITH CHECK (true)', t, current_user);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I TO app_user USING (tenant_id = (SELECT app_current_tenant())) WITH CHECK (tenant_id = (SELECT app_current_tenant()))', t);
  END LOOP;
END $$;
--> statement-breakpoint
-- A person outside the firm (app_party, 0058) sees the envelopes of their linked cases and changes only an envelope
-- they sign and their own signer row (view, sign, decline); never inserts or deletes one.
CREATE POLICY party_linked_cases ON envelopes AS RESTRICTIVE TO app_party
  USING (EXISTS (SELECT 1 FROM case_accounts ca WHERE ca.tenant_id = envelopes.tenant_id
    AND ca.case_id = envelopes.case_id AND ca.user_id = (SELECT app_current_user())));
--> statement-breakpoint
CREATE POLICY party_signs_own ON envelopes AS RESTRICTIVE FOR UPDATE TO app_party
  USING (EXISTS (SELECT 1 FROM envelope_signers s WHERE s.tenant_id = envelopes.tenant_id
    AND s.envelope_id = envelopes.id AND s.user_id = (SELECT app_current_user())));
--> statement-breakpoint
CREATE POLICY party_no_insert ON envelopes AS RESTRICTIVE FOR INSERT TO app_party WITH CHECK (false);
--> statement-breakpoint
CREATE POLICY party_no_delete ON envelopes AS RESTRICTIVE FOR DELETE TO app_party USING (false);
--> statement-breakpoint
-- A signer row carries its envelope's case (the foreign key keeps the two equal) so that its policy reads
-- case_accounts alone: a policy on envelope_signers reading envelopes, whose update policy reads envelope_signers,
-- is an infinite recursion.
CREATE POLICY party_linked_cases ON envelope_signers AS RESTRICTIVE TO app_party
  USING (EXISTS (SELECT 1 FROM case_accounts ca WHERE ca.tenant_id = envelope_signers.tenant_id
    AND ca.case_id = envelope_signers.case_id AND ca.user_id = (SELECT app_current_user())));
--> statement-breakpoint
CREATE POLICY party_own_row ON envelope_signers AS RESTRICTIVE FOR UPDATE TO app_party
  USING (user_id = (SELECT app_current_user())) WITH CHECK (user_id = (SELECT app_current_user()));
--> statement-breakpoint
CREATE POLICY party_no_insert ON envelope_signers AS RESTRICTIVE FOR INSERT TO app_party WITH CHECK (false);
--> statement-breakpoint
CREATE POLICY party_no_delete ON envelope_signers AS RESTRICTIVE FOR DELETE TO app_party USING (false);
