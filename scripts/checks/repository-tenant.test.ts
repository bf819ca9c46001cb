import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkRepositories } from './repository-tenant.mjs';

const roots: string[] = [];
const fixture = (files: Record<string, string>) => {
  const root = mkdtempSync(join(tmpdir(), 'repository-tenant-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    const full = join(root, 'apps/server/src/features', path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, text);
  }
  return root;
};
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

const good = {
  'labels/repository.ts': `import { and, eq } from 'drizzle-orm';
export const findLabel = (tx: Tx, tenantId: string, id: string) =>
  tx.select().from(labels).where(and(eq(labels.tenantId, tenantId), eq(labels.id, id)));
/** @platformScope login looks the user up by e-mail before any tenant is known */
export async function findUserByEmail(tx: Tx, email: string) {
  return tx.select().from(users).where(eq(users.email, email));
}
const local = (tx: Tx) => tx.select().from(labels);
`,
  'labels/service.ts': `import type { SQL } from 'drizzle-orm';
import { findLabel } from './repository';
export const getLabel = (tx: Tx, ctx: Ctx, id: string) => findLabel(tx, ctx.tenantId, id);
export const hash = (code: string) => createHash('sha256').update(code).digest('hex');
`,
  'profile/petitioner-repository.ts': `export const petitioner = (tx: Tx, tenantId: string) => tx.select().from(p).where(eq(p.tenantId, tenantId));
`,
};

describe('the repository convention check (issue 40)', () => {
  it('passes repositories that name their tenant or say why not, and services without statements', () => {
    expect(checkRepositories(fixture(good))).toEqual([]);
  });

  it('flags a repository function without tenantId, an unused tenantId, a bare @platformScope and SQL in a service', () => {
    const root = fixture({
      'users/repository.ts': `import { eq } from 'drizzle-orm';
export const findUser = (tx: Tx, id: string) => tx.select().from(users).where(eq(users.id, id));
export const countUsers = (tx: Tx, tenantId: string) => tx.select().from(users);
/** @platformScope */
export function allUsers(tx: Tx) { return tx.select().from(users); }
`,
      'users/other-repository.ts': `export const noArgs = () => 1;
`,
      'users/service.ts': `import { eq, type SQL } from 'drizzle-orm';
export const rename = (tx: Tx, id: string) => tx.update(users).set({ name: 'x' }).where(eq(users.id, id));
`,
    });
    const found = checkRepositories(root).map((v) => `${v.file}:${v.line} ${v.name}`);
    expect(found).toEqual([
      'apps/server/src/features/users/other-repository.ts:1 noArgs',
      'apps/server/src/features/users/repository.ts:2 findUser',
      'apps/server/src/features/users/repository.ts:3 countUsers',
      'apps/server/src/features/users/repository.ts:5 allUsers',
      'apps/server/src/features/users/service.ts:1 eq',
      'apps/server/src/features/users/service.ts:2 tx.update',
    ]);
  });
});
