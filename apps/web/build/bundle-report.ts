import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Modules that load with the first paint besides the entry: the login page and the toast host. */
const FIRST_PAINT = [/features[\\/]auth[\\/]login-page/, /@mantine[\\/]notifications/];
const BUDGET_KB = 200;
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|ico|webmanifest)$/;

interface ChunkInfo {
  fileName: string;
  imports: string[];
  facadeModuleId: string | null;
  isEntry: boolean;
}

/**
 * Writes `.gz` and `.br` beside every compressible asset (served by @fastify/static `preCompressed`,
 * ARCHITECTURE "Performance budgets") and prints the initial JavaScript of login + settings shell in
 * gzip bytes against its 200 KB budget.
 */
export const bundleReport = (): Plugin => {
  let outDir = 'dist';
  const chunks = new Map<string, ChunkInfo>();
  return {
    name: 'caseport-bundle-report',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      for (const item of Object.values(bundle)) {
        if (item.type === 'chunk') {
          chunks.set(item.fileName, {
            fileName: item.fileName,
            imports: item.imports,
            facadeModuleId: item.facadeModuleId,
            isEntry: item.isEntry,
          });
        }
      }
    },
    writeBundle(_options, bundle) {
      let gzTotal = 0;
      let rawTotal = 0;
      for (const fileName of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(fileName)) continue;
        const path = join(outDir, fileName);
        const body = readFileSync(path);
        if (body.length < 1024) continue;
        const gz = gzipSync(body, { level: 9 });
        writeFileSync(`${path}.gz`, gz);
        writeFileSync(`${path}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        rawTotal += body.length;
        gzTotal += gz.length;
      }
      const initial = new Set<string>();
      const visit = (name: string) => {
        if (initial.has(name)) return;
        initial.add(name);
        for (const dep of chunks.get(name)?.imports ?? []) visit(dep);
      };
      for (const c of chunks.values()) {
        if (c.isEntry || FIRST_PAINT.some((re) => re.test(c.facadeModuleId ?? ''))) visit(c.fileName);
      }
      const initialGz = [...initial].reduce(
        (sum, f) => sum + gzipSync(readFileSync(join(outDir, f)), { level: 9 }).length,
        0,
      );
      const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
      const verdict = initialGz / 1024 <= BUDGET_KB ? 'within' : 'OVER';
      console.log(
        `\ninitial JS (login + settings shell): ${kb(initialGz)} gzip in ${initial.size} chunks — ${verdict} the ${BUDGET_KB} KB budget` +
          `\npre-compressed assets: ${kb(rawTotal)} raw → ${kb(gzTotal)} gzip (.gz and .br written)\n`,
      );
      writeFileSync(
        join(outDir, 'bundle-report.json'),
        JSON.stringify({ initialJsGzipBytes: initialGz, initialChunks: [...initial] }, null, 2),
      );
    },
  };
};
