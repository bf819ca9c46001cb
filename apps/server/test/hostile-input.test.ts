import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NUMBER_TOO_LARGE, TEXT_NOT_STORABLE } from '@caseport/domain/api/scalars';
import { buildAddress, buildProfileUpdate } from '@caseport/domain/profile/fixtures';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../src/platform/errors';
import { uploadFile } from './support/calls';
import { PDF_MIN, PNG_1X1 } from './support/files';
import { type Caller, createTestApp, DEMO, login, type TestApp, XHR } from './support/test-app';

/**
 * Issue 23: what an outside attacker found still answered 500 (or worse) — lone surrogates and integers
 * beyond PostgreSQL's `integer` in fields the validator let through, a download name chosen by the link,
 * an oversized body closed under the client, and multipart bodies the parser choked on.
 */
let t: TestApp;
let law: Caller;
let place: { stateId: number; cityId: number };

beforeAll(async () => {
  t = await createTestApp();
  law = await login(t, DEMO.lawAdmin);
  const r = await t.database.db.execute<{ state_id: number; city_id: number }>(
    sql`select s.id state_id, c.id city_id from states s join cities c on c.state_id = s.id where s.country_id = 231 order by s.id, c.id limit 1`,
  );
  place = { stateId: r.rows[0]!.state_id, cityId: r.rows[0]!.city_id };
});
afterAll(() => t.close());

const count = async (table: string) =>
  (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`)).rows[0]!.n;
const tenantProfile = async () =>
  JSON.stringify(
    (await t.database.db.execute(sql`select * from tenants where id = ${t.tenants.lawfirm}`)).rows[0] ?? null,
  );

const upload = (caller: Caller, purpose: string, file: { name: string; data: Buffer }) =>
  uploadFile(t, caller, { purpose }, file);

const serviceCenter = (overrides: Record<string, unknown> = {}) => ({
  name: 'Hostile Desk',
  typeId: 1,
  stateIds: [48],
  addressConfig: [{ courierId: 2, address: '<p>1 Main St</p>' }],
  premiumProcessing: 'yes',
  ...overrides,
});
const billingDetails = (busName: string, countryId = 231) => ({
  billingDetails: {
    busName,
    authPerson: {
      name: 'Laura Lawson',
      email: 'billing@lawfirm.test',
      phone: '2025550143',
      phoneCountryCode: { countryCode: 'US', countryCallingCode: '1' },
      address: buildAddress({ countryId, stateId: place.stateId, locationId: place.cityId }),
    },
  },
});
const profile = async (overrides: Record<string, unknown>) => {
  const logo = await upload(law, 'logo', { name: 'logo.png', data: PNG_1X1 });
  const favicon = await upload(law, 'favicon', { name: 'favicon.png', data: PNG_1X1 });
  return buildProfileUpdate({
    logo,
    favicon,
    address: buildAddress({ stateId: place.stateId, locationId: place.cityId }),
    ...overrides,
  });
};

const expectFieldError = (
  res: { statusCode: number; json: () => unknown; body: string },
  name: string,
  message: string,
) => {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json() as { code: string; fields?: { name: string; message: string }[] };
  expect(body.code).toBe('VALIDATION_ERROR');
  expect(body.fields, res.body).toContainEqual({ name, message });
};

describe('issue 23: text the database cannot store', () => {
  it('SECURITY 13: a lone surrogate (\\ud800, \\udfff) in a stored text field is a 400 on that field and nothing is written', async () => {
    const centers = await count('service_centers');
    const workflows = await count('workflows');
    const before = await tenantProfile();
    const wf = await law.post('/api/workflow/list', {});
    const someWorkflow = (wf.json() as { list: { _id: string }[] }).list[0]!._id;

    expectFieldError(
      await law.post('/api/service-centers/create', serviceCenter({ name: 'a\ud800b' })),
      'name',
      TEXT_NOT_STORABLE,
    );
    expectFieldError(await law.post('/api/workflow/create', { name: 'x\udfff' }), 'name', TEXT_NOT_STORABLE);
    expectFieldError(
      await law.post('/api/workflow/clone', { workflowId: someWorkflow, name: '\ud800' }),
      'name',
      TEXT_NOT_STORABLE,
    );
    expectFieldError(
      await law.post('/api/tenant/update-billing-details', billingDetails('Firm \udfff LLP')),
      'billingDetails.busName',
      TEXT_NOT_STORABLE,
    );
    expectFieldError(
      await law.post('/api/tenant/update-profile', await profile({ adminFirstName: 'Ann\ud800' })),
      'adminFirstName',
      TEXT_NOT_STORABLE,
    );
    // A pair is a real character (an emoji) and is stored.
    const emoji = await law.post('/api/service-centers/create', serviceCenter({ name: 'Desk \ud83d\ude00' }));
    expect(emoji.statusCode, emoji.body).toBe(200);

    expect(await count('service_centers')).toBe(centers + 1);
    expect(await count('workflows')).toBe(workflows);
    expect(await tenantProfile()).toBe(before);
  });

  it('SECURITY 13: NUL or a lone surrogate in a key or a field no schema names is refused too, with its path', async () => {
    expectFieldError(
      await law.post('/api/service-centers/list', { filters: { title: 'ok' }, 'k\ud800': 1 }),
      'body',
      TEXT_NOT_STORABLE,
    );
    expectFieldError(
      await law.post(
        '/api/service-centers/create',
        serviceCenter({ addressConfig: [{ courierId: 2, address: 'a\u0000' }] }),
      ),
      'addressConfig.0.address',
      TEXT_NOT_STORABLE,
    );
  });
});

describe('issue 23: integers beyond the column', () => {
  it("SECURITY 13: an id above PostgreSQL's integer (2147483648) is a 400 on that field, never a database error", async () => {
    const centers = await count('service_centers');
    expectFieldError(
      await law.post('/api/service-centers/create', serviceCenter({ typeId: 2 ** 31 })),
      'typeId',
      NUMBER_TOO_LARGE,
    );
    expectFieldError(
      await law.post('/api/service-centers/list', { filters: { typeIds: [2 ** 31] } }),
      'filters.typeIds.0',
      NUMBER_TOO_LARGE,
    );
    const wf = (await law.post('/api/workflow/list', {})).json() as { list: { _id: string }[] };
    expectFieldError(
      await law.post('/api/workflow/config-save', { workflowId: wf.list[0]!._id, petitionTypeId: 2 ** 31 }),
      'petitionTypeId',
      NUMBER_TOO_LARGE,
    );
    expectFieldError(
      await law.post('/api/tenant/update-billing-details', billingDetails('Firm LLP', 2 ** 31)),
      'billingDetails.authPerson.address.countryId',
      NUMBER_TOO_LARGE,
    );
    expectFieldError(
      await law.post(
        '/api/tenant/update-profile',
        await profile({
          address: buildAddress({ countryId: 2 ** 53, stateId: place.stateId, locationId: place.cityId }),
        }),
      ),
      'address.countryId',
      NUMBER_TOO_LARGE,
    );
    expect(await count('service_centers')).toBe(centers);
  });

  it('SECURITY 13: the error handler answers a data error the database raises (bad text, out of range, too long) with 400, and keeps 500 for real faults', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app, null);
    const db = t.database.db;
    app.post('/cast', async () => db.execute(sql`select 'not a number'::int`));
    app.post('/range', async () => db.execute(sql`select 2147483648::bigint::int`));
    app.post('/jsonb', async () => db.execute(sql`select ${'{"a":"\\ud800"}'}::jsonb`));
    app.post('/fault', async () => db.execute(sql`select * from no_such_table`));
    await app.ready();
    for (const path of ['/cast', '/range', '/jsonb']) {
      const res = await app.inject({ method: 'POST', url: path });
      expect(res.statusCode, `${path} ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: 'The request contains a value that cannot be stored',
      });
    }
    const fault = await app.inject({ method: 'POST', url: '/fault' });
    expect(fault.statusCode).toBe(500);
    expect(fault.json()).toEqual({ code: 'INTERNAL', message: 'somthing went wrong' });
    await app.close();
  });
});

describe('issue 23: the download name', () => {
  it("SECURITY 18: viewfile's filename may rename a download but never change the extension the content was sniffed as", async () => {
    const pdf = await upload(law, 'document', { name: 'FEIN letter.pdf', data: PDF_MIN });
    const view = (filename?: string) =>
      law.get(
        `/api/common/viewfile?path=${encodeURIComponent(pdf.path)}${filename === undefined ? '' : `&filename=${encodeURIComponent(filename)}`}`,
      );
    const name = async (filename?: string) => {
      const res = await view(filename);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      return /filename="([^"]*)"/.exec(String(res.headers['content-disposition']))?.[1];
    };
    expect(await name('evil.html')).toBe('evil.pdf');
    expect(await name('evil')).toBe('evil.pdf');
    expect(await name('report.final.htm')).toBe('report.final.pdf');
    expect(await name('../../x.svg')).toBe('x.pdf');
    expect(await name('.html')).toBe('html.pdf');
    expect(await name('')).toBe('FEIN letter.pdf');
    expect(await name()).toBe('FEIN letter.pdf');
    expect(await name('Renamed.PDF')).toBe('Renamed.pdf');
  });
});

describe('issue 23: bodies the server will not take', () => {
  const send = async (port: number, path: string, body: Buffer, headers: Record<string, string>, chunked: boolean) =>
    new Promise<{ status?: number; json?: unknown; error?: string }>((resolve) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path,
          method: 'POST',
          headers: { ...XHR, cookie: law.cookie, ...headers, ...(chunked ? {} : { 'content-length': body.length }) },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c) => {
            text += c;
          });
          res.on('end', () => resolve({ status: res.statusCode, json: JSON.parse(text) }));
        },
      );
      req.on('error', (e) => resolve({ error: e.message }));
      // Written the way a real client streams a file: 64 KB at a time, waiting when the socket is full.
      let i = 0;
      const next = () => {
        while (i < body.length) {
          const more = req.write(body.subarray(i, i + 65_536));
          i += 65_536;
          if (!more) {
            req.once('drain', next);
            return;
          }
        }
        req.end();
      };
      next();
    });

  it('SECURITY 13: a 5 MB JSON body gets a readable 413 in the D-07 envelope over a real socket, sent whole or chunked', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const big = Buffer.from(JSON.stringify({ name: 'a'.repeat(5 * 1024 * 1024) }));
    for (const path of ['/api/message-label/create', '/api/service-centers/list', '/api/auth/login']) {
      for (const chunked of [false, true]) {
        const res = await send(port, path, big, { 'content-type': 'application/json' }, chunked);
        expect(res, `${path} chunked=${chunked}`).toEqual({
          status: 413,
          json: { code: 'FILE_REJECTED', message: 'The request is too large (at most 1 MB)' },
        });
      }
    }
  });

  it('SECURITY 18: a multipart upload without a boundary, truncated or garbled is a 400 and stores nothing', async () => {
    const files = await count('files');
    const cases: [string, string | Buffer][] = [
      ['multipart/form-data', 'abc'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\n\r\n%PDF-1.4 truncated',
      ],
      ['multipart/form-data; boundary=x', Buffer.alloc(100_000, 'a')],
      ['text/plain', 'not multipart at all'],
      ['application/json', '{"files":[]}'],
    ];
    for (const [type, payload] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/common/upload',
        headers: { ...XHR, cookie: law.cookie, 'content-type': type },
        payload,
      });
      expect(res.statusCode, `${type} ${res.body}`).toBe(400);
      expect(res.json()).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'The upload must be a complete multipart/form-data body',
        fields: [{ name: 'files', message: 'The upload must be a complete multipart/form-data body' }],
      });
    }
    expect(await count('files')).toBe(files);
  });
});
