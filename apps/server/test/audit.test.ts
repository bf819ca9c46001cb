import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './support/calls';
import { type Caller, createTestApp, DEMO, login, type TestApp } from './support/test-app';

let t: TestApp;
let lawAdmin: Caller;
let otherAdmin: Caller;

beforeAll(async () => {
  t = await createTestApp();
  [lawAdmin, otherAdmin] = await signIn(t, 'lawAdmin', 'otherAdmin');
});
afterAll(() => t.close());

describe('the audit trail, visible to the tenant admin (issue 16)', () => {
  it('the admin sees who did what and when in their tenant, filtered by record type; another tenant’s rows never show; a branch manager may not read it', async () => {
    const invited = await lawAdmin.post('/api/users/invite', {
      email: 'audited@lawfirm.test',
      firstName: 'Aud',
      lastName: 'Ited',
      roleId: 11,
    });
    expect(invited.statusCode).toBe(200);
    await otherAdmin.post('/api/users/invite', {
      email: 'other-audit@otherfirm.test',
      firstName: 'O',
      lastName: 'A',
      roleId: 11,
    });
    const page = (await lawAdmin.post('/api/audit/list', { filters: { entity: 'user' } })).json();
    expect(page.list[0]).toMatchObject({
      userName: 'Laura Lawson',
      userEmail: DEMO.lawAdmin,
      entity: 'user',
      action: 'invite',
      entityId: invited.json().user._id,
    });
    expect(page.list[0].fields).toContain('email');
    expect(page.list.every((r: { entity: string }) => r.entity === 'user')).toBe(true);
    const all = (await lawAdmin.post('/api/audit/list', { perpage: 100 })).json();
    expect(JSON.stringify(all)).not.toContain('Omar');
    const mine = (await lawAdmin.post('/api/audit/list', { filters: { searchString: 'laura' } })).json();
    expect(mine.totalCount).toBeGreaterThan(0);
    expect((await lawAdmin.post('/api/audit/entities', {})).json().entities).toContain('user');
    const manager = await login(t, DEMO.lawManager);
    expect((await manager.post('/api/audit/list', {})).statusCode).toBe(403);
  });
});

describe('PUBLIC_URL (issue 16)', () => {
  it('invitation links use the configured public URL instead of the request host', async () => {
    const app = await createTestApp({ publicUrl: 'https://portal.example.com/' });
    try {
      const admin = await login(app, DEMO.lawAdmin);
      const res = await admin.post('/api/users/invite', {
        email: 'public-url@lawfirm.test',
        firstName: 'Pub',
        lastName: 'Url',
        roleId: 11,
      });
      expect(res.json().delivery.link).toMatch(/^https:\/\/portal\.example\.com\/accept-invitation#token=/);
    } finally {
      await app.close();
    }
  });
});
