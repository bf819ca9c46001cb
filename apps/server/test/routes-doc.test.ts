import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROUTES_DOC_PATH, renderRoutesDoc } from '@caseport/domain/auth/routes-doc';
import { describe, expect, it } from 'vitest';

describe('docs/routes.md (issue 25, finding 5)', () => {
  it('is what `npm run docs:routes` writes from the permission matrix now (run it after changing a route)', () => {
    const committed = readFileSync(join(process.cwd(), ROUTES_DOC_PATH), 'utf8');
    expect(committed).toBe(renderRoutesDoc());
  });
});
