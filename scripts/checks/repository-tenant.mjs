// Issue 40, ARCHITECTURE convention 2 and 17: the repository holds every statement and every statement names its
// tenant as well as row-level security does. Fails (exit 1) on
//  (a) an exported function of a feature repository (`repository.ts`, `repository-*.ts`, `*-repository.ts` under
//      apps/server/src/features/) whose second parameter is not `tenantId`, or that never uses it, unless a JSDoc
//      tag `@platformScope <why>` directly above it says the statement is platform-wide;
//  (b) a file under apps/server/src/features/ that is not a repository and imports a value from drizzle-orm (type-only
//      imports are fine) or calls select/insert/update/delete/execute on a transaction or database.
// `node scripts/checks/repository-tenant.mjs [root]`; `checkRepositories(root)` returns the violations for a test.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const FEATURES = 'apps/server/src/features';
const STATEMENT_METHODS = new Set(['select', 'selectDistinct', 'insert', 'update', 'delete', 'execute']);
const EXECUTOR_NAMES = new Set(['tx', 'db', 'trx', 'executor']);

const isRepositoryFile = (name) => /^(repository|repository-[\w-]+|[\w-]+-repository)\.ts$/.test(name);

const sourceFiles = (dir) => {
  let out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out = out.concat(sourceFiles(path));
    else if (name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
};

const lineOf = (sf, node) => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;

const isExported = (node) => ts.getCombinedModifierFlags(node) & ts.ModifierFlags.Export;

const platformScopeOf = (node) => {
  for (const tag of ts.getJSDocTags(node)) {
    if (tag.tagName.text !== 'platformScope') continue;
    const why = typeof tag.comment === 'string' ? tag.comment : ts.getTextOfJSDocComment(tag.comment);
    return (why ?? '').trim() || null;
  }
  return undefined;
};

const usesName = (node, name) => {
  let found = false;
  const visit = (n) => {
    if (found) return;
    if (ts.isIdentifier(n) && n.text === name) found = true;
    else ts.forEachChild(n, visit);
  };
  if (node) visit(node);
  return found;
};

/** The exported functions of a file: [name, function node, node carrying the JSDoc]. */
const exportedFunctions = (sf) => {
  const out = [];
  for (const stmt of sf.statements) {
    if (ts.isFunctionDeclaration(stmt) && isExported(stmt) && stmt.name) out.push([stmt.name.text, stmt, stmt]);
    if (ts.isVariableStatement(stmt) && isExported(stmt)) {
      for (const decl of stmt.declarationList.declarations) {
        let init = decl.initializer;
        while (
          init &&
          (ts.isAsExpression(init) || ts.isSatisfiesExpression(init) || ts.isParenthesizedExpression(init))
        )
          init = init.expression;
        if (init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) && ts.isIdentifier(decl.name))
          out.push([decl.name.text, init, stmt]);
      }
    }
  }
  return out;
};

const checkRepository = (sf, file, violations) => {
  for (const [name, fn, docNode] of exportedFunctions(sf)) {
    const scope = platformScopeOf(docNode);
    const at = { file, line: lineOf(sf, docNode), name };
    if (scope === null) {
      violations.push({ ...at, problem: '@platformScope needs a reason' });
      continue;
    }
    if (scope !== undefined) continue;
    const second = fn.parameters[1];
    if (!second || !ts.isIdentifier(second.name) || second.name.text !== 'tenantId')
      violations.push({ ...at, problem: 'second parameter is not tenantId (and no @platformScope <why>)' });
    else if (!usesName(fn.body, 'tenantId')) violations.push({ ...at, problem: 'takes tenantId but never uses it' });
  }
};

const checkOther = (sf, file, violations) => {
  for (const stmt of sf.statements) {
    if (!ts.isImportDeclaration(stmt) || !ts.isStringLiteral(stmt.moduleSpecifier)) continue;
    const from = stmt.moduleSpecifier.text;
    if (from !== 'drizzle-orm' && !from.startsWith('drizzle-orm/')) continue;
    const clause = stmt.importClause;
    if (clause?.isTypeOnly) continue;
    const values = [];
    if (clause?.name) values.push(clause.name.text);
    const bindings = clause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) values.push(`* as ${bindings.name.text}`);
    if (bindings && ts.isNamedImports(bindings))
      for (const el of bindings.elements) if (!el.isTypeOnly) values.push(el.name.text);
    if (!clause || values.length)
      violations.push({
        file,
        line: lineOf(sf, stmt),
        name: values.join(', ') || from,
        problem: `imports ${from} outside a repository`,
      });
  }
  const visit = (n) => {
    if (
      ts.isCallExpression(n) &&
      ts.isPropertyAccessExpression(n.expression) &&
      ts.isIdentifier(n.expression.expression) &&
      EXECUTOR_NAMES.has(n.expression.expression.text) &&
      STATEMENT_METHODS.has(n.expression.name.text)
    )
      violations.push({
        file,
        line: lineOf(sf, n),
        name: `${n.expression.expression.text}.${n.expression.name.text}`,
        problem: 'runs a statement outside a repository',
      });
    ts.forEachChild(n, visit);
  };
  visit(sf);
};

/** Every break of the convention under `root`'s server features, sorted by file and line. */
export const checkRepositories = (root) => {
  const violations = [];
  const base = join(root, FEATURES);
  for (const path of sourceFiles(base)) {
    const file = relative(root, path);
    const sf = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    if (isRepositoryFile(path.split(/[\\/]/).pop())) checkRepository(sf, file, violations);
    else checkOther(sf, file, violations);
  }
  return violations.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
};

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = process.argv[2] ?? fileURLToPath(new URL('../..', import.meta.url));
  const violations = checkRepositories(root);
  if (violations.length) {
    for (const v of violations) console.error(`${v.file}:${v.line} ${v.name}: ${v.problem}`);
    console.error(
      `\n✖ ${violations.length} break(s) of the repository convention (ARCHITECTURE 2, 17): every exported repository ` +
        'function takes (executor, tenantId, ...) and uses tenantId, or says why not with `@platformScope <why>`; ' +
        'no drizzle statement outside a repository.',
    );
    process.exit(1);
  }
  console.log('repository convention: every repository function names its tenant; no statement outside a repository');
}
