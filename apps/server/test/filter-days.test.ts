import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './support/calls';
import { type Caller, createTestApp, type TestApp, XHR } from './support/test-app';

/**
 * Issue 38 finding 2, for the lists' date filters: the days a Created Date (or Paid On) filter picks are the days
 * the list shows its dates in — the tenant's zone for a tenant's users, the zone the platform user's screen sends
 * (`X-Time-Zone`) on the platform's lists. A row made at 23:30 in New York (03:30 UTC the next day) is found on
 * the New York day, not on the UTC one; before, the workflow, service center, SOC and invoice filters took UTC
 * days and the case code filter the firm's own zone for every viewer.
 */
let t: TestApp;
let lawAdmin: Caller;
let platformAdmin: Caller;

/** 23:30 on Mar 9 in New York (EDT, UTC-4): Mar 10 in UTC and in Tokyo. */
const MADE_AT = '2026-03-10T03:30:00Z';
const NY_DAY = '2026-03-09';
const UTC_DAY = '2026-03-10';

/** A row of the law firm in `table`, made at MADE_AT; its id. */
const madeLateInNewYork = async (table: string, where = sql`true`) => {
  const rows = await t.database.db.execute<{ id: string }>(
    sql`update ${sql.identifier(table)} set created_on = ${MADE_AT}
        where id = (select id from ${sql.identifier(table)} where tenant_id = ${t.tenants.lawfirm} and ${where}
                    order by created_on, id limit 1)
        returning id::text`,
  );
  const id = rows.rows[0]?.id;
  expect(id, `a law firm row in ${table}`).toBeTruthy();
  return id as string;
};

/** A list's answer for a day (its ids searched in the whole response: each list names its id its own way). */
const made = async (caller: Caller, path: string, body: unknown) => {
  const res = await caller.post(path, body);
  expect(res.statusCode, res.body).toBe(200);
};

const found = async (caller: Caller, path: string, body: Record<string, unknown>) => {
  const res = await caller.post(path, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { totalCount: number };
};

beforeAll(async () => {
  t = await createTestApp();
  [lawAdmin, platformAdmin] = await signIn(t, 'lawAdmin', 'platformAdmin');
  const me = (await lawAdmin.get('/api/auth/me')).json();
  expect(me.tenant.timezone).toBe('America/New_York');
});

afterAll(async () => {
  await t?.close();
});

describe('date filters pick the days the list shows (issue 38 finding 2)', () => {
  const day = (d: string) => [d, d];
  const lists: {
    name: string;
    table: string;
    path: string;
    body: (range: string[]) => Record<string, unknown>;
    prepare?: () => Promise<void>;
  }[] = [
    {
      name: 'workflows (R-WF-003)',
      table: 'workflows',
      path: '/api/workflow/list',
      body: (r) => ({ filters: { createdDateRange: r } }),
    },
    {
      name: 'service centers (R-SVC-003)',
      table: 'service_centers',
      path: '/api/service-centers/list',
      body: (r) => ({ filters: { createdDateRange: r } }),
      prepare: async () => {
        const res = await lawAdmin.post('/api/service-centers/create', {
          name: 'Late Night Desk',
          typeId: 1,
          stateIds: [48],
          addressConfig: [{ courierId: 2, address: '<p>1 Main St</p>' }],
          premiumProcessing: 'yes',
        });
        expect(res.statusCode, res.body).toBe(200);
      },
    },
    {
      name: 'SOC codes (R-SOC-031)',
      table: 'soc_code_configs',
      path: '/api/soc-code-config/list',
      body: (r) => ({ filters: { createdDateRange: r } }),
      prepare: () =>
        made(lawAdmin, '/api/soc-code-config/add-soc-code', {
          name: '15-1252',
          designation: 'Software Developers',
          description: '<p>Develop software.</p>',
          jobTitles: '<ul><li>Software Engineer</li></ul>',
          socId: 27,
          socDetails: { name: '15-1252', designation: 'Software Developers' },
          document: [],
          attachments: [],
        }),
    },
    {
      name: 'case codes (R-CASECODE-003)',
      table: 'case_id_configs',
      path: '/api/case-id-config/list',
      body: (r) => ({ filters: { createdDateRange: r } }),
      prepare: () =>
        made(lawAdmin, '/api/case-id-config/create', {
          items: [
            {
              subTypeIds: [1],
              config: [{ id: 'CUSTOMER_CODE' }, { id: 'CASE_TYPE_CODE' }, { id: 'SI_NO' }],
              sNoStartsFrom: 1,
              resetIdBy: null,
            },
          ],
        }),
    },
    {
      name: 'letters (R-LETTER-012, the timezone the screen sends)',
      table: 'forms_and_letters',
      path: '/api/form-letter/list',
      body: (r) => ({ page: 1, perpage: 100, filters: { createdDateRange: r }, timezone: 'America/New_York' }),
      // A letter's template is an upload checked by content (letters.test.ts); the row alone is what is filtered.
      prepare: async () => {
        await t.database.db.execute(
          sql`insert into forms_and_letters (tenant_id, name, type, document_path, document_name)
              values (${t.tenants.lawfirm}, 'Late letter', 'Letter', 'late.docx', 'late.docx')`,
        );
      },
    },
    {
      name: 'invoices (R-BILL-024, created on)',
      table: 'invoices',
      path: '/api/invoices/list',
      body: (r) => ({ filters: { createdOnRange: r } }),
    },
  ];

  for (const list of lists) {
    it(`${list.name}: a row made at 23:30 in New York is found on the firm's day, not on the UTC day`, async () => {
      await list.prepare?.();
      const id = await madeLateInNewYork(list.table);
      const onNyDay = await found(lawAdmin, list.path, list.body(day(NY_DAY)));
      expect(onNyDay.totalCount).toBe(1);
      expect(JSON.stringify(onNyDay)).toContain(id);
      expect((await found(lawAdmin, list.path, list.body(day(UTC_DAY)))).totalCount).toBe(0);
    });
  }

  it('a platform user picks the days of the zone its screen sends (X-Time-Zone), else UTC', async () => {
    const id = await madeLateInNewYork('workflows');
    const asPlatform = async (zone: string | undefined, d: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/workflow/list',
        headers: { ...XHR, cookie: platformAdmin.cookie, ...(zone ? { 'x-time-zone': zone } : {}) },
        payload: { filters: { createdDateRange: day(d), tenantIds: [t.tenants.lawfirm] } },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { totalCount: number; list: { _id: string }[] };
    };
    expect((await asPlatform('America/New_York', NY_DAY)).list.map((w) => w._id)).toEqual([id]);
    expect((await asPlatform('America/New_York', UTC_DAY)).totalCount).toBe(0);
    expect((await asPlatform('Asia/Tokyo', UTC_DAY)).list.map((w) => w._id)).toEqual([id]);
    expect((await asPlatform(undefined, UTC_DAY)).list.map((w) => w._id)).toEqual([id]);
    // An unknown zone is ignored (never put into SQL): UTC days.
    expect((await asPlatform("Mars/Olympus'; drop table workflows; --", UTC_DAY)).list.map((w) => w._id)).toEqual([id]);
  });
});
