import { resolve } from 'node:path';

/** The only place that reads process.env (ARCHITECTURE §2). */
export interface Env {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  seedPassword: string | null;
  logLevel: string;
  trustProxy: boolean;
}

export const readEnv = (env: NodeJS.ProcessEnv = process.env): Env => ({
  port: Number(env.PORT ?? 3000),
  host: env.HOST ?? '0.0.0.0',
  dataDir: resolve(env.DATA_DIR ?? './data'),
  databaseUrl: env.DATABASE_URL || null,
  seedPassword: env.SEED_PASSWORD || null,
  logLevel: env.LOG_LEVEL ?? 'info',
  trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
});
