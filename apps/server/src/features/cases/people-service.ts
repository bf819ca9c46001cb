import type { Executor, Tx } from '@caseport/db/client';
import {
  PERSON_MESSAGES,
  type Person,
  type PersonCreateBody,
  type PersonListBody,
  type PersonUpdateBody,
  type PersonValues,
  personFullName,
} from '@caseport/domain/people/contracts';
import { recordAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { TenantContext } from '../../platform/context';
import { fieldError, notFound, similarPerson } from '../../platform/errors';
import { tenantDay } from '../../platform/tenant-day';
import * as repo from './people-repository';
import { renamePersonInCases } from './repository';

export const toPerson = (row: NonNullable<repo.PersonRow>): Person => ({
  ...row,
  address: (row.address ?? null) as Person['address'],
  caseCount: Number(row.caseCount ?? 0),
});

/** `field` is where the person sits in the body ('person', 'beneficiary.person'...). */
const checkPersonDates = (v: PersonValues, today: string, field: string) => {
  if (v.dateOfBirth && v.dateOfBirth > today)
    throw fieldError(`${field}.dateOfBirth`, PERSON_MESSAGES.dateOfBirthFuture);
};

/**
 * Writes a new person of the tenant (audited on its own unless `audited` is false: a person added inside a case
 * save is part of that save's one audit row). Refuses with 409 SIMILAR_PERSON when people with the same name
 * (and date of birth) exist and the caller did not say allowSimilar; nothing is written then.
 */
export const addPerson = async (
  tx: Tx,
  ctx: TenantContext,
  today: string,
  person: PersonValues,
  allowSimilar: boolean,
  field: string,
  audited = true,
) => {
  checkPersonDates(person, today, field);
  if (!allowSimilar) {
    const similar = await repo.findSimilarPersons(tx, ctx.tenantId, person);
    if (similar.length) throw similarPerson(`${field}.givenName`, PERSON_MESSAGES.similarExists);
  }
  const id = await repo.insertPerson(tx, ctx.tenantId, person, ctx.principal.userId ?? null);
  if (audited)
    await recordAudit(tx, ctx, {
      entity: 'person',
      entityId: id,
      action: 'create',
      after: { name: personFullName(person), dateOfBirth: person.dateOfBirth ?? null },
    });
  return id;
};

export const listPeople = async (tx: Executor, ctx: TenantContext, q: PersonListBody) => {
  const page = await repo.listPersons(tx, ctx.tenantId, q as Parameters<typeof repo.listPersons>[2]);
  return { ...page, list: page.list.map(toPerson) };
};

export const personDetails = async (tx: Executor, ctx: TenantContext, personId: string) => {
  const row = await repo.findPerson(tx, ctx.tenantId, personId);
  if (!row) throw notFound('Person');
  return toPerson(row);
};

export const similarPeople = async (
  tx: Executor,
  ctx: TenantContext,
  body: { givenName: string; familyName: string; dateOfBirth?: string | null },
) => ({ list: (await repo.findSimilarPersons(tx, ctx.tenantId, body)).map(toPerson) });

export const createPerson = async (tx: Tx, ctx: TenantContext, clock: Clock, body: PersonCreateBody) => {
  const today = await tenantDay(tx, ctx.tenantId, clock());
  const person = body.person as PersonValues;
  const id = await addPerson(tx, ctx, today, person, body.allowSimilar ?? false, 'person');
  return { message: `${personFullName(person)} added`, person: await personDetails(tx, ctx, id) };
};

export const updatePerson = async (tx: Tx, ctx: TenantContext, clock: Clock, body: PersonUpdateBody) => {
  const before = await repo.findPerson(tx, ctx.tenantId, body.personId);
  if (!before) throw notFound('Person');
  const today = await tenantDay(tx, ctx.tenantId, clock());
  const person = body.person as PersonValues;
  checkPersonDates(person, today, 'person');
  await repo.updatePerson(tx, ctx.tenantId, body.personId, person);
  // The name columns of the cases that name this person follow the record (list and search).
  await renamePersonInCases(tx, ctx.tenantId, body.personId, personFullName(person) ?? '');
  const { caseCount: _c, _id, ...was } = before;
  await recordAudit(tx, ctx, {
    entity: 'person',
    entityId: body.personId,
    action: 'update',
    before: was,
    after: person,
  });
  return { message: `${personFullName(person)} saved`, person: await personDetails(tx, ctx, body.personId) };
};
