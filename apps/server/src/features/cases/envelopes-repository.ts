import { type Executor, schema } from '@caseport/db/client';
import { SIGNER_ACCOUNT_ROLES } from '@caseport/domain/cases/envelopes';
import type { EsignField } from '@caseport/domain/esign-fields/contracts';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';

// Issue 35 item 3: a case's envelopes (documents sent for signature) and their signers, in order.
const e = schema.envelopes;
const s = schema.envelopeSigners;
const u = schema.users;
const k = schema.cases;
const ca = schema.caseAccounts;

export type EnvelopeRow = typeof e.$inferSelect;
export type SignerRow = typeof s.$inferSelect;

/** A prepared e-sign template of the tenant: its PDF and the fields placed on it (null when it has none). */
export const findEsignTemplate = async (tx: Executor, tenantId: string, templateId: string) => {
  const t = schema.esignTemplates;
  const [row] = await tx
    .select({ name: t.name, documentPath: t.documentPath, fields: schema.esignFields.fields })
    .from(t)
    .leftJoin(
      schema.esignFields,
      and(eq(schema.esignFields.tenantId, t.tenantId), eq(schema.esignFields.documentPath, t.documentPath)),
    )
    .where(and(eq(t.tenantId, tenantId), eq(t.id, templateId)));
  return row ? { ...row, fields: (row.fields ?? []) as EsignField[] } : null;
};

/** The accounts linked to the case, with their role, name and e-mail (who may be a signer). */
export const caseAccountsOf = (tx: Executor, tenantId: string, caseId: string) =>
  tx
    .select({ userId: ca.userId, roleId: ca.roleId, name: sql<string>`trim(${u.firstName} || ' ' || ${u.lastName})` })
    .from(ca)
    .innerJoin(u, and(eq(u.id, ca.userId), eq(u.isActive, true)))
    .where(and(eq(ca.tenantId, tenantId), eq(ca.caseId, caseId)));

export const insertEnvelope = async (
  tx: Executor,
  tenantId: string,
  values: Omit<typeof e.$inferInsert, 'id' | 'tenantId' | 'status' | 'version' | 'createdOn'>,
) => {
  const [row] = await tx
    .insert(e)
    .values({ ...values, tenantId })
    .returning();
  return row as EnvelopeRow;
};

export const insertSigners = (
  tx: Executor,
  tenantId: string,
  envelope: { id: string; caseId: string },
  signers: { userId: string; role: string; status: string }[],
) =>
  tx
    .insert(s)
    .values(signers.map((x, seq) => ({ ...x, seq, tenantId, caseId: envelope.caseId, envelopeId: envelope.id })));

/** A case's envelopes, newest first, with their signers in order. */
export const listEnvelopes = async (tx: Executor, tenantId: string, caseId: string) => {
  const rows = await tx
    .select()
    .from(e)
    .where(and(eq(e.tenantId, tenantId), eq(e.caseId, caseId)))
    .orderBy(desc(e.createdOn), desc(e.id));
  const signers = rows.length
    ? await signersOf(
        tx,
        tenantId,
        rows.map((r) => r.id),
      )
    : [];
  return rows.map((r) => ({ ...r, signers: signers.filter((x) => x.envelopeId === r.id) }));
};

export const signersOf = (tx: Executor, tenantId: string, envelopeIds: string[]) =>
  tx
    .select({
      envelopeId: s.envelopeId,
      seq: s.seq,
      userId: s.userId,
      role: s.role,
      status: s.status,
      viewedOn: s.viewedOn,
      signedOn: s.signedOn,
      signedFrom: s.signedFrom,
      signature: s.signature,
      declineReason: s.declineReason,
      name: sql<string>`trim(${u.firstName} || ' ' || ${u.lastName})`,
      email: u.email,
    })
    .from(s)
    .innerJoin(u, eq(u.id, s.userId))
    .where(and(eq(s.tenantId, tenantId), inArray(s.envelopeId, envelopeIds)))
    .orderBy(asc(s.envelopeId), asc(s.seq));

/** One envelope of the case (null when it is another case's or tenant's), locked for a change when `forUpdate`. */
export const findEnvelope = async (
  tx: Executor,
  tenantId: string,
  envelopeId: string,
  caseId?: string,
  forUpdate = false,
) => {
  const q = tx
    .select()
    .from(e)
    .where(and(eq(e.tenantId, tenantId), eq(e.id, envelopeId), caseId ? eq(e.caseId, caseId) : undefined));
  const [row] = forUpdate ? await q.for('update') : await q;
  if (!row) return null;
  return { ...row, signers: await signersOf(tx, tenantId, [row.id]) };
};
export type EnvelopeWithSigners = NonNullable<Awaited<ReturnType<typeof findEnvelope>>>;

/** The envelopes naming the user as a signer, on cases they are linked to (row-level security says the same). */
export const envelopesOfSigner = (tx: Executor, tenantId: string, userId: string) =>
  tx
    .select({
      id: e.id,
      name: e.name,
      status: e.status,
      createdOn: e.createdOn,
      caseNumber: k.caseNumber,
      firmName: schema.tenants.name,
      myStatus: s.status,
      myRole: s.role,
      fields: e.fields,
    })
    .from(s)
    .innerJoin(e, and(eq(e.tenantId, s.tenantId), eq(e.id, s.envelopeId)))
    .innerJoin(k, and(eq(k.tenantId, e.tenantId), eq(k.id, e.caseId)))
    .innerJoin(schema.tenants, eq(schema.tenants.id, e.tenantId))
    .where(and(eq(s.tenantId, tenantId), eq(s.userId, userId)))
    .orderBy(desc(e.createdOn), desc(e.id));

/** Writes an envelope's status (and signed file) if it still holds `version`; false when it changed meanwhile. */
export const updateEnvelope = async (
  tx: Executor,
  tenantId: string,
  id: string,
  version: number,
  set: Partial<Pick<EnvelopeRow, 'status' | 'signedFile' | 'sha256SignedPages' | 'sha256' | 'closedOn'>>,
) => {
  const rows = await tx
    .update(e)
    .set({ ...set, version: sql`${e.version} + 1` })
    .where(and(eq(e.tenantId, tenantId), eq(e.id, id), eq(e.version, version)))
    .returning({ id: e.id });
  return rows.length === 1;
};

export const updateSigner = (
  tx: Executor,
  tenantId: string,
  envelopeId: string,
  seq: number,
  set: Partial<Pick<SignerRow, 'status' | 'viewedOn' | 'signedOn' | 'signedFrom' | 'signature' | 'declineReason'>>,
) =>
  tx
    .update(s)
    .set(set)
    .where(and(eq(s.tenantId, tenantId), eq(s.envelopeId, envelopeId), eq(s.seq, seq)));

/** A user's name and e-mail (the sender of an envelope, told when everyone has signed). */
export const userContactOf = async (tx: Executor, tenantId: string, userId: string) => {
  const [row] = await tx
    .select({ userId: u.id, name: sql<string>`trim(${u.firstName} || ' ' || ${u.lastName})`, email: u.email })
    .from(u)
    .where(and(eq(u.tenantId, tenantId), eq(u.id, userId)));
  return row ?? null;
};

/**
 * The firm's attorneys (role 5, active), who sign a template's attorney fields: firm users, never linked to a case
 * as its people are.
 */
export const firmAttorneysOf = (tx: Executor, tenantId: string) =>
  tx
    .select({ userId: u.id, name: sql<string>`trim(${u.firstName} || ' ' || ${u.lastName})`, email: u.email })
    .from(u)
    .where(and(eq(u.tenantId, tenantId), eq(u.roleId, SIGNER_ACCOUNT_ROLES.attorney), eq(u.isActive, true)))
    .orderBy(asc(u.firstName), asc(u.lastName), asc(u.id))
    .limit(200);
