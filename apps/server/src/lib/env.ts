import { resolve } from 'node:path';

/** The only place that reads process.env (ARCHITECTURE §2). */
export interface Env {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  seedPassword: string | null;
  logLevel: string;
  /** 'pretty' (one readable line per request) unless NODE_ENV=production or LOG_FORMAT=json. */
  logFormat: 'json' | 'pretty';
  trustProxy: boolean;
  /** Requests per minute per tenant (or per IP when signed out); `off` disables it (benchmarks only). */
  rateLimitPerMinute: number | false;
  /** PostgreSQL connections in the pool. */
  dbPoolSize: number;
}

export const readEnv = (env: NodeJS.ProcessEnv = process.env): Env => ({
  port: Number(env.PORT ?? 3000),
  host: env.HOST ?? '0.0.0.0',
  dataDir: resolve(env.DATA_DIR ?? './data'),
  databaseUrl: env.DATABASE_URL || null,
  seedPassword: env.SEED_PASSWORD || null,
  logLevel: env.LOG_LEVEL ?? 'info',
  logFormat:
    env.LOG_FORMAT === 'json' || (env.LOG_FORMAT !== 'pretty' && env.NODE_ENV === 'production') ? 'json' : 'pretty',
  trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
  rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE === 'off' ? false : Number(env.RATE_LIMIT_PER_MINUTE) || 1200,
  dbPoolSize: Number(env.DB_POOL_SIZE) || 10,
});
