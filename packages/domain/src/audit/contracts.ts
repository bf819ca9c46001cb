import { z } from 'zod';
import { listOf, timestamp } from '../api/responses';
import { text } from '../api/scalars';
import { DateRangeSchema, seekListQuerySchema } from '../list/list-query';

/**
 * The tenant's audit trail (issue 16: every change is audited and visible to the tenant's admin): who did what,
 * to which record, when. Read only; what the audit rows hold is already redacted (platform/audit.ts).
 */
export const AUDIT_LIST_KEY = 'audit';
export const AUDIT_EMPTY_TEXT = 'No Results Found';

export const AuditListBodySchema = seekListQuerySchema({
  sortPaths: ['at'],
  seekPaths: ['at'],
  defaultSort: { path: 'at', order: -1 },
  filters: {
    /** The person: name or e-mail. */
    searchString: text().max(100).optional(),
    entity: text().max(50).optional(),
    createdDate: DateRangeSchema.optional(),
  },
});
export type AuditListBody = z.infer<typeof AuditListBodySchema>;

export const AuditItemSchema = z.object({
  _id: z.string(),
  at: timestamp(),
  /** null: a platform user (Caseport support), or a user since removed. */
  userName: z.string().nullable(),
  userEmail: z.string().nullable(),
  roleName: z.string().nullable(),
  entity: z.string(),
  entityId: z.string().nullable(),
  action: z.string(),
  /** The changed fields' names (values stay in the row; the list shows what changed, not the data). */
  fields: z.array(z.string()),
});
export type AuditItem = z.input<typeof AuditItemSchema>;
export const AuditListResponseSchema = listOf(AuditItemSchema);
/** The entities the filter offers: those the tenant's rows name. */
export const AuditEntitiesSchema = z.object({ entities: z.array(z.string()) });
