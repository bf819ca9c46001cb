import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { readEnv } from '../src/lib/env';
import { prettyLogStream } from '../src/lib/log-format';

describe('the terminal request log (issue 15)', () => {
  it('prints one readable line per request, not JSON', async () => {
    const written: string[] = [];
    const app = Fastify({ logger: { level: 'info', stream: prettyLogStream({ write: (s) => written.push(s) }) } });
    app.get('/api/ping', async () => ({ ok: true }));
    app.get('/api/boom', async (request) => {
      request.log.warn('something odd');
      throw new Error('kaput');
    });
    await app.inject({ method: 'GET', url: '/api/ping' });
    await app.inject({ method: 'GET', url: '/api/boom' });
    await app.close();
    const lines = written.join('').trimEnd().split('\n');
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d GET \/api\/ping 200 \d+ ms$/);
    expect(lines).toContainEqual(expect.stringMatching(/^\d\d:\d\d:\d\d WARN something odd$/));
    expect(lines).toContainEqual(expect.stringMatching(/^\d\d:\d\d:\d\d ERROR kaput$/));
    expect(lines).toContainEqual(expect.stringMatching(/^\d\d:\d\d:\d\d GET \/api\/boom 500 \d+ ms$/));
    expect(lines.some((l) => l.startsWith('{'))).toBe(false);
  });

  it('is JSON when NODE_ENV=production or LOG_FORMAT=json, readable otherwise', () => {
    expect(readEnv({}).logFormat).toBe('pretty');
    expect(readEnv({ NODE_ENV: 'production' }).logFormat).toBe('json');
    expect(readEnv({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(readEnv({ NODE_ENV: 'production', LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
  });
});
