import { type Db, type Executor, inSystemTx } from '@caseport/db/client';
import { inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { AppError } from './errors';

/**
 * Ids inside a request body that name other records (issue 25, finding 2): each must name a record the
 * caller's tenant may use — its own or the platform's shared set — or the request is refused whole before
 * anything is written: 400 on the field for an id that names no record at all, 404 for a record that
 * exists but belongs to another tenant (row-level security hides it from the request's transaction).
 * A service lists its references once and calls both checks: `refuseUnknown` before its transaction
 * (system context: the only place a record of any tenant is visible), `requireVisible` inside it.
 */
export interface Reference {
  /** The body path reported in the error ('questionnaireId', 'items.2.templateId'). */
  field: string;
  /** What it names, for the message ('Questionnaire'). */
  label: string;
  table: PgTable & { id: PgColumn };
  id: string | null | undefined;
}

const present = (refs: Reference[]) => refs.filter((r): r is Reference & { id: string } => typeof r.id === 'string');

const foundIds = async (tx: Executor, ref: Reference, ids: string[]) => {
  const rows = await tx
    .select({ id: ref.table.id })
    .from(ref.table as PgTable)
    .where(inArray(ref.table.id, ids));
  return new Set(rows.map((r) => r.id as string));
};

/** Groups references by table so each table is asked once. */
const byTable = (refs: (Reference & { id: string })[]) => {
  const groups = new Map<PgTable, (Reference & { id: string })[]>();
  for (const r of refs) groups.set(r.table, [...(groups.get(r.table) ?? []), r]);
  return [...groups.values()];
};

/** 400 VALIDATION_ERROR for ids that name no record of any tenant. Call before the request's transaction. */
export const refuseUnknown = async (db: Db, refs: Reference[]) => {
  const wanted = present(refs);
  if (!wanted.length) return;
  const missing = await inSystemTx(db, async (tx) => {
    const out: Reference[] = [];
    for (const group of byTable(wanted)) {
      const found = await foundIds(
        tx,
        group[0] as Reference,
        group.map((r) => r.id),
      );
      out.push(...group.filter((r) => !found.has(r.id)));
    }
    return out;
  });
  if (missing.length) {
    const fields = missing.map((r) => ({ name: r.field, message: `${r.label} does not exist` }));
    throw new AppError('VALIDATION_ERROR', fields[0]?.message ?? 'Invalid reference', fields);
  }
};

/** 404 NOT_FOUND for ids the transaction's tenant may not use. Call inside the request's transaction. */
export const requireVisible = async (tx: Executor, refs: Reference[]) => {
  for (const group of byTable(present(refs))) {
    const found = await foundIds(
      tx,
      group[0] as Reference,
      group.map((r) => r.id),
    );
    const hidden = group.find((r) => !found.has(r.id));
    if (hidden)
      throw new AppError('NOT_FOUND', `${hidden.label} not found`, [
        { name: hidden.field, message: `${hidden.label} not found` },
      ]);
  }
};
