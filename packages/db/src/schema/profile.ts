import { index, jsonb, pgTable, unique, uuid } from 'drizzle-orm/pg-core';
import { createdOn, updatedOn } from './columns';
import { tenants, users } from './platform';

/**
 * Role 50's own petitioner profile (D-04: the petitioner profile screen). One per petitioner user; the
 * body is the shared PetitionerInfo contract, validated on every write (docs/decisions.md "Profile storage").
 * The tenant's own Company Details stay in tenants.profile.
 */
export const petitionerProfiles = pgTable(
  'petitioner_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    info: jsonb('info').notNull(),
    createdOn: createdOn(),
    updatedOn: updatedOn(),
  },
  (t) => [
    unique('petitioner_profiles_user_uq').on(t.userId),
    unique('petitioner_profiles_tenant_id_uq').on(t.tenantId, t.id),
    index('petitioner_profiles_tenant_idx').on(t.tenantId),
  ],
);
