import { isIP } from 'node:net';
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
  /** false, or the proxies in front of us by address (see parseTrustProxy). */
  trustProxy: TrustProxy;
  /** Requests per minute per tenant (or per IP when signed out); `off` disables it (benchmarks only). */
  rateLimitPerMinute: number | false;
  /**
   * Where the rate limit counts: in PostgreSQL when DATABASE_URL is set (several processes count a tenant once),
   * else in memory; RATE_LIMIT_STORE=memory keeps a single PostgreSQL process's count in memory.
   */
  rateLimitStore: 'memory' | 'database';
  /** PostgreSQL connections in the pool. */
  dbPoolSize: number;
  /** SMTP transport for invitations and reset links (nodemailer URL); null keeps them in the outbox. */
  smtpUrl: string | null;
  smtpFrom: string;
  /** Key of the TOTP secrets (base64, 32 bytes); null: a key file in the data directory. */
  mfaSecretKey: string | null;
  /** PUBLIC_URL: the origin of invitation and reset links (https://portal.example.com). */
  publicUrl: string | null;
  /** The reminder engine's hourly run in the server (REMINDERS_SCHEDULE=off turns it off). */
  remindersSchedule: boolean;
  /** Issue 38 finding 1: the subscriptions' hourly renewal run in the server (BILLING_RENEWALS=off turns it off). */
  billingRenewals: boolean;
  /** PRINCIPAL_CACHE=off: every request reads its session (issue 22; for measuring the cache). */
  principalCache: boolean;
  /**
   * Issue 39: DOCX_SHARE, the share of a core the document work may take while documents wait, (0, 1]; unset:
   * DOCX_CORE_SHARE (packages/domain/src/files/docx-limits.ts). 1 turns the rest off.
   */
  docxShare: number | null;
}

export type TrustProxy = false | string;

const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];
/** An IPv4/IPv6 address, optionally with a prefix length, or one of proxy-addr's named ranges. */
const isProxyEntry = (entry: string) => {
  if (NAMED_RANGES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
};

/**
 * TRUST_PROXY names the proxies in front of the server by address, never "trust everyone" (issue 25,
 * finding 3): a comma-separated list of addresses or CIDRs, or proxy-addr's names `loopback` (a proxy on
 * this machine), `linklocal`, `uniquelocal` (private networks). X-Forwarded-* is believed only from them,
 * and the client address is the right-most X-Forwarded-For entry that is not one of them, so a client
 * cannot choose its own by prepending entries. A hop count is refused: Fastify fails closed on one, since
 * it cannot tell a proxy from a client that connects directly. Unset, `0`, `false`, `off`: no proxy.
 */
export const parseTrustProxy = (value: string | undefined): TrustProxy => {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '' || v === '0' || v === 'false' || v === 'off') return false;
  const entries = v.split(',').map((e) => e.trim());
  if (!entries.every(isProxyEntry))
    throw new Error(
      `TRUST_PROXY must name the proxies: their addresses or CIDRs, or loopback / linklocal / uniquelocal (got '${value}')`,
    );
  return entries.join(',');
};

export const readEnv = (env: NodeJS.ProcessEnv = process.env): Env => ({
  port: Number(env.PORT ?? 3000),
  host: env.HOST ?? '0.0.0.0',
  dataDir: resolve(env.DATA_DIR ?? './data'),
  databaseUrl: env.DATABASE_URL || null,
  seedPassword: env.SEED_PASSWORD || null,
  logLevel: env.LOG_LEVEL ?? 'info',
  logFormat:
    env.LOG_FORMAT === 'json' || (env.LOG_FORMAT !== 'pretty' && env.NODE_ENV === 'production') ? 'json' : 'pretty',
  trustProxy: parseTrustProxy(env.TRUST_PROXY),
  rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE === 'off' ? false : Number(env.RATE_LIMIT_PER_MINUTE) || 1200,
  rateLimitStore: env.DATABASE_URL && env.RATE_LIMIT_STORE !== 'memory' ? 'database' : 'memory',
  dbPoolSize: Number(env.DB_POOL_SIZE) || 10,
  smtpUrl: env.SMTP_URL || null,
  smtpFrom: env.SMTP_FROM || 'Caseport <no-reply@caseport.local>',
  mfaSecretKey: env.MFA_SECRET_KEY || null,
  publicUrl: env.PUBLIC_URL || null,
  remindersSchedule: env.REMINDERS_SCHEDULE !== 'off',
  billingRenewals: env.BILLING_RENEWALS !== 'off',
  principalCache: env.PRINCIPAL_CACHE !== 'off',
  docxShare: parseShare(env.DOCX_SHARE),
});

/** A share of a core, (0, 1]; unset or empty: null (the default). */
export const parseShare = (value: string | undefined): number | null => {
  if (value === undefined || value.trim() === '') return null;
  const share = Number(value);
  if (!(share > 0 && share <= 1)) throw new Error(`DOCX_SHARE must be a number above 0 and at most 1 (got '${value}')`);
  return share;
};
