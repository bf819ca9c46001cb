// npm run docs:routes: writes docs/routes.md (route → tab → roles → tenant types → spec section) from the
// permission matrix, its spec table and the settings tab table in packages/domain.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROUTES_DOC_PATH, renderRoutesDoc } from '@caseport/domain/auth/routes-doc';

const root = new URL('..', import.meta.url).pathname;
writeFileSync(join(root, ROUTES_DOC_PATH), renderRoutesDoc());
console.log(`wrote ${ROUTES_DOC_PATH}`);
