import type { Tx } from '@caseport/db/client';
import { LABEL_DUPLICATE_MESSAGE, type LabelCreateBody, type LabelUpdateBody } from '@caseport/domain/labels/contracts';
import { actorOf } from '../../platform/actor';
import { recordAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { RequestContext } from '../../platform/context';
import { withUniqueAs } from '../../platform/db-errors';
import { duplicateField, notFound } from '../../platform/errors';
import * as repo from './repository';

const duplicate = () => duplicateField('name', LABEL_DUPLICATE_MESSAGE);

const view = (row: Awaited<ReturnType<typeof repo.insertLabel>>) => ({
  _id: row.id,
  name: row.name,
  color: row.color,
  status: row.active,
  createdByName: row.createdByName,
  createdByRoleName: row.createdByRoleName,
  createdOn: row.createdOn,
  updatedOn: row.updatedOn,
});

export const createLabel = async (tx: Tx, ctx: RequestContext, clock: Clock, body: LabelCreateBody) => {
  if (await repo.nameTaken(tx, ctx.tenantId, body.name)) throw duplicate();
  const actor = await actorOf(tx, ctx);
  const now = clock();
  const row = await withUniqueAs(duplicate, () =>
    repo.insertLabel(tx, ctx.tenantId, {
      name: body.name,
      color: body.color.toUpperCase(),
      createdBy: actor.userId,
      createdByName: actor.name,
      createdByRoleId: actor.roleId,
      createdByRoleName: actor.roleName,
      createdOn: now,
      updatedOn: now,
    }),
  );
  await recordAudit(tx, ctx, { entity: 'message_label', entityId: row.id, action: 'create', after: view(row) });
  return { message: 'Label created successfully', label: view(row) };
};

export const updateLabel = async (tx: Tx, ctx: RequestContext, clock: Clock, body: LabelUpdateBody) => {
  const before = await repo.findLabel(tx, ctx.tenantId, body.labelId);
  if (!before) throw notFound('Label');
  if (await repo.nameTaken(tx, ctx.tenantId, body.name, body.labelId)) throw duplicate();
  const row = await withUniqueAs(duplicate, () =>
    repo.updateLabel(tx, ctx.tenantId, body.labelId, {
      name: body.name,
      color: body.color.toUpperCase(),
      ...(body.status === undefined ? {} : { active: body.status }),
      updatedOn: clock(),
    }),
  );
  if (!row) throw notFound('Label');
  await recordAudit(tx, ctx, {
    entity: 'message_label',
    entityId: row.id,
    action: 'update',
    before: view(before),
    after: view(row),
  });
  return { message: 'Label updated successfully', label: view(row) };
};
