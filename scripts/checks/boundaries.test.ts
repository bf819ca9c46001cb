import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkBoundaries } from './boundaries.mjs';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A repository tree in a temp dir: path -> source text. */
const tree = (files: Record<string, string>) => {
  const root = mkdtempSync(join(tmpdir(), 'boundaries-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
};

/** A layout that keeps every rule: features use platform/, lib/, components/ and the domain package only. */
const good = {
  'packages/domain/src/labels/contracts.ts': 'export const MAX = 3;\n',
  'packages/db/src/db-types.ts': 'export type Db = object;\n',
  'packages/db/src/client.ts': "export type { Db } from './db-types';\nimport './read-batch';\n",
  'packages/db/src/read-batch.ts': "import type { Db } from './db-types';\nexport const read = (db: Db) => db;\n",
  'apps/server/src/platform/files.ts':
    "import type { Db } from '@caseport/db/client';\nexport const f = (d: Db) => d;\n",
  'apps/server/src/features/letters/service.ts':
    "import { f } from '../../platform/files';\nimport { MAX } from '@caseport/domain/labels/contracts';\nimport * as repo from './repository';\nexport const s = [f, MAX, repo];\n",
  'apps/server/src/features/letters/repository.ts': 'export const r = 1;\n',
  'apps/server/src/features/letters/service.test.ts': "import { s } from './service';\nexport const t = s;\n",
  'apps/server/src/app.ts': "import { s } from './features/letters/service';\nexport const app = s;\n",
  'apps/web/src/lib/current-user.ts': 'export const useMe = () => null;\n',
  'apps/web/src/components/table.tsx': "import { useMe } from '../lib/current-user';\nexport const T = useMe;\n",
  'apps/web/src/features/labels/labels-page.tsx':
    "import { T } from '../../components/table';\nimport { useMe } from '../../lib/current-user';\nexport const P = [T, useMe];\n",
  'apps/web/src/app/router.tsx': "export const routes = [() => import('../features/labels/labels-page')];\n",
  'scripts/tool.mjs': "import { MAX } from '../packages/domain/src/labels/contracts.ts';\nconsole.log(MAX);\n",
};

describe('scripts/checks/boundaries.mjs (ARCHITECTURE conventions 10, 17)', () => {
  it('passes a tree that keeps the boundaries and has no circle', () => {
    expect(checkBoundaries(tree(good))).toEqual({ violations: [], circles: [] });
  });

  it('fails a server feature importing another feature, in tests too, and platform importing a feature', () => {
    const { violations } = checkBoundaries(
      tree({
        ...good,
        'apps/server/src/features/files/repository.ts': 'export const findFileByPath = 1;\n',
        'apps/server/src/features/letters/service.ts': "import { findFileByPath } from '../files/repository';\n",
        'apps/server/src/features/labels/routes.test.ts': "import type { s } from '../letters/service';\n",
        'apps/server/src/platform/deps.ts': "import type { r } from '../features/letters/repository';\n",
      }),
    );
    expect(violations).toEqual(
      expect.arrayContaining([
        {
          from: 'apps/server/src/features/letters/service.ts',
          to: 'apps/server/src/features/files/repository.ts',
          rule: 'server: a feature imports another feature',
        },
        {
          from: 'apps/server/src/features/labels/routes.test.ts',
          to: 'apps/server/src/features/letters/service.ts',
          rule: 'server: a feature imports another feature',
        },
        {
          from: 'apps/server/src/platform/deps.ts',
          to: 'apps/server/src/features/letters/repository.ts',
          rule: 'server: platform imports a feature',
        },
      ]),
    );
    expect(violations).toHaveLength(3);
  });

  it('fails a web feature importing app/ or another feature, and lib/ importing a feature', () => {
    const { violations } = checkBoundaries(
      tree({
        ...good,
        'apps/web/src/app/tab-registry.ts': 'export const tabs = [];\n',
        'apps/web/src/features/users/users-page.tsx':
          "import { tabs } from '../../app/tab-registry';\nexport { P } from '../labels/labels-page';\nexport const x = tabs;\n",
        'apps/web/src/lib/helper.ts': "export const later = () => import('../features/users/users-page');\n",
      }),
    );
    expect(violations.map((v) => v.rule).sort()).toEqual([
      'web: a feature imports another feature',
      'web: a feature imports app/',
      'web: lib/ imports a feature',
    ]);
  });

  it('fails an import circle, type-only and dynamic imports included, through the @caseport aliases', () => {
    const { violations, circles } = checkBoundaries(
      tree({
        ...good,
        'packages/db/src/client.ts': "import './read-batch';\nexport type Db = object;\n",
        'packages/db/src/read-batch.ts': "import type { Db } from '@caseport/db/client';\nexport const read = 1;\n",
        'apps/server/src/features/auth/mfa.ts': "export const later = () => import('./service');\n",
        'apps/server/src/features/auth/service.ts': "export { later } from './mfa';\n",
      }),
    );
    expect(violations).toEqual([]);
    expect(circles).toEqual(
      expect.arrayContaining([
        ['packages/db/src/client.ts', 'packages/db/src/read-batch.ts'],
        ['apps/server/src/features/auth/mfa.ts', 'apps/server/src/features/auth/service.ts'],
      ]),
    );
    expect(circles).toHaveLength(2);
  });

  it('leaves test files out of the circle check', () => {
    const { circles } = checkBoundaries(
      tree({
        ...good,
        'apps/server/src/features/letters/repository.ts': "import './service.test';\nexport const r = 1;\n",
        'apps/server/src/features/letters/service.test.ts': "import { r } from './repository';\nexport const t = r;\n",
      }),
    );
    expect(circles).toEqual([]);
  });
});
