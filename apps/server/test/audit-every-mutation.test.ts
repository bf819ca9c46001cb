import { randomUUID } from 'node:crypto';
import { REFERENCES, referenceKind } from '@caseport/domain/api/references';
import { sql } from 'drizzle-orm';
import type { Response } from 'light-my-request';
import { Secret, TOTP } from 'otpauth';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCaseWith, questionnaireCase, userIdOf } from './support/case-records';
import { tableHashes } from './support/db-snapshot';
import { PDF_MIN, postMultipart, postUpload } from './support/files';
import { uploadAs } from './support/tenant-records';
import { type Caller, createTestApp, DEMO, login, TEST_PASSWORD, type TestApp, XHR } from './support/test-app';
import { addUser } from './support/users';
import { idFields } from './support/zod-walk';

/**
 * SECURITY 19, the routes nested-ids.test.ts does not reach: every state-changing route (any method but GET) whose
 * contract has no id field. Generated from the route table: a new such route fails here until it has a valid
 * request below. For each one:
 * - a malformed body (an array where the contract wants an object) is refused with a 4xx and changes nothing:
 *   no row anywhere, no audit row;
 * - where a request can fail inside the service (`failing`), it is refused and changes nothing, no audit row;
 * - the valid request succeeds, and if it changed any data it wrote exactly one audit row; if it changed nothing
 *   (a list, a lookup), none.
 * Sessions count as data by their ids only (a sign-in or a sign-out is a change, a request's touch of
 * last_seen_at is not); the login throttle's bookkeeping does not count.
 */

let t: TestApp;
type Json = Record<string, unknown>;
type Who = 'admin' | 'platform' | 'coAdmin' | 'petitioner' | 'newAdmin' | 'leaving' | 'mfaUser' | 'public';
let callers: Record<Exclude<Who, 'mfaUser' | 'public'>, Caller> & { mfaUser?: Caller };
let mfaEmail: string;
let clockOffset = 0;

/** State carried from one valid request to the next (the two-factor challenge, the invitation token ...). */
const state: Record<string, string> = {};

const publicPost = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: XHR, payload: payload as object });
const codeAt = (secret: string, at: number) =>
  new TOTP({ issuer: 'Caseport', label: mfaEmail, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });
const mfaChallenge = async () => {
  const res = await publicPost('/api/auth/login', { email: mfaEmail, password: TEST_PASSWORD });
  return res.json().challenge as string;
};
const cardToken = async (c: Caller) =>
  (
    await c.post('/api/payments-sandbox/tokens', {
      number: '4242 4242 4242 4242',
      exp_month: 12,
      exp_year: new Date().getUTCFullYear() + 1,
      cvc: '123',
    })
  ).json().id as string;

/** A valid platform questionnaire (issue 21). */
const AUDIT_QUESTIONNAIRE = {
  name: 'Audit Check Questionnaire',
  entityType: 'beneficiary',
  definition: {
    sections: [
      {
        key: 'about',
        title: 'About you',
        questions: [{ key: 'fullName', label: 'Full name', type: 'text', required: true }],
      },
    ],
  },
};

interface Case {
  as: Who;
  /** The valid request's body (built when its turn comes, so it may use what earlier requests left in `state`). */
  body: () => Json | Promise<Json>;
  /** A request that passes the contract and fails in the service. */
  failing?: () => Json | Promise<Json>;
  /** Reads what the valid request answered into `state`. */
  after?: (res: Response) => void;
  /** A multipart upload instead of a JSON body: the valid request's form fields and files. */
  upload?: () => Promise<{ fields: Record<string, string>; files: { name: string; data: Buffer; type?: string }[] }>;
}

/** Every state-changing route without id fields, with its valid request, in the order they run. */
const CASES: Record<string, Case> = {
  'POST /api/auth/mfa/enrol-start': {
    as: 'public',
    body: async () => {
      state.challenge = await mfaChallenge();
      return { challenge: state.challenge };
    },
    failing: () => ({ challenge: 'x'.repeat(43) }),
    after: (res) => {
      state.secret = res.json().secret;
    },
  },
  'POST /api/auth/mfa/enrol-confirm': {
    as: 'public',
    body: () => ({ challenge: state.challenge, code: codeAt(String(state.secret), Date.now() + clockOffset) }),
    failing: () => ({ challenge: state.challenge, code: '000000' }),
  },
  'POST /api/auth/mfa/verify': {
    as: 'public',
    body: async () => {
      clockOffset += 60_000;
      t.advance(60_000);
      return { challenge: await mfaChallenge(), code: codeAt(String(state.secret), Date.now() + clockOffset) };
    },
    failing: async () => ({ challenge: await mfaChallenge(), code: '000000' }),
    // The session the second step made: the paralegal's own, for My Profile's two-factor routes (issue 38).
    after: (res) => {
      const cookie = String([res.headers['set-cookie']].flat()[0] ?? '').split(';')[0] as string;
      callers.mfaUser = {
        cookie,
        post: (url, payload = {}) =>
          t.app.inject({ method: 'POST', url, headers: { ...XHR, cookie }, payload: payload as object }),
        get: (url) => t.app.inject({ method: 'GET', url, headers: { cookie } }),
      };
    },
  },
  // Issue 38 finding 5: one's own two-factor sign-in on My Profile.
  'POST /api/auth/mfa/status': { as: 'mfaUser', body: () => ({}) },
  'POST /api/auth/mfa/self-challenge': {
    as: 'mfaUser',
    body: () => ({ currentPassword: TEST_PASSWORD }),
    failing: () => ({ currentPassword: 'Not the password 1' }),
    after: (res) => {
      state.ownChallenge = res.json().challenge;
    },
  },
  'POST /api/auth/mfa/recovery-codes': {
    as: 'mfaUser',
    body: () => {
      clockOffset += 60_000;
      t.advance(60_000);
      return { challenge: state.ownChallenge, code: codeAt(String(state.secret), Date.now() + clockOffset) };
    },
    failing: () => ({ challenge: state.ownChallenge, code: '000000' }),
  },
  // Issue 35: My cases of a person outside the firm (a list: no audit row).
  'POST /api/my-cases/list': { as: 'petitioner', body: () => ({}) },
  'POST /api/signing/list': { as: 'petitioner', body: () => ({}) },
  'POST /api/answering/list': { as: 'petitioner', body: () => ({}) },
  // Issue 35 item 2: a document a questionnaire asks for, uploaded by the petitioner contact it was sent to.
  'POST /api/answering/upload': {
    as: 'petitioner',
    body: async () => {
      const userId = await userIdOf(t, DEMO.lawPetitioner);
      state.responseId = (await questionnaireCase(t, t.tenants.lawfirm, userId, 'sent')).responseId;
      return {};
    },
    upload: async () => ({
      fields: { responseId: state.responseId as string },
      files: [{ name: 'articles.pdf', data: PDF_MIN }],
    }),
  },
  'POST /api/auth/change-password': {
    as: 'leaving',
    body: () => ({ currentPassword: TEST_PASSWORD, newPassword: 'Lanterns drift over quiet harbors 7' }),
    failing: () => ({ currentPassword: 'Not the password 1', newPassword: 'Lanterns drift over quiet harbors 8' }),
  },
  'POST /api/auth/login': {
    as: 'public',
    body: () => ({ email: DEMO.lawManager, password: TEST_PASSWORD }),
    failing: () => ({ email: DEMO.lawManager, password: 'Not the password 1' }),
  },
  'POST /api/auth/logout': {
    as: 'leaving',
    // A live session to end (change-password above ended the previous one).
    body: async () => {
      callers.leaving = await login(t, DEMO.lawManager);
      return {};
    },
  },
  // Issue 38: the page load's session read changes nothing (no audit row).
  'POST /api/auth/session': { as: 'admin', body: () => ({}) },
  'POST /api/common/upload': {
    as: 'admin',
    body: () => ({}),
    upload: async () => ({
      fields: { purpose: 'pdf', secureType: 'private' },
      files: [{ name: 'doc.pdf', data: PDF_MIN, type: 'application/pdf' }],
    }),
  },
  // Issue 34 item 4: a document uploaded on one of the firm's cases.
  'POST /api/cases/documents/upload': {
    as: 'admin',
    // A case of the firm's to upload on, written before the request is measured.
    body: async () => {
      state.caseId = (await insertCaseWith(t, t.tenants.lawfirm)).caseId;
      return {};
    },
    upload: async () => ({
      fields: { caseId: state.caseId as string },
      files: [{ name: 'passport.pdf', data: PDF_MIN }],
    }),
  },
  'POST /api/tenant/setup-progress': { as: 'admin', body: () => ({}) },
  'POST /api/tenant/list': { as: 'platform', body: () => ({}) },
  'POST /api/tenant/create': {
    as: 'platform',
    body: () => ({
      name: 'Audit Trail Law',
      tenantType: 1,
      adminEmail: 'first-admin@audit-trail.test',
      adminFirstName: 'Ada',
      adminLastName: 'Trail',
    }),
    failing: () => ({
      name: 'Audit Trail Law Two',
      tenantType: 1,
      adminEmail: DEMO.lawAdmin,
      adminFirstName: 'Ada',
      adminLastName: 'Trail',
    }),
    after: (res) => {
      state.inviteToken = res.json().delivery.link.split('#token=')[1];
    },
  },
  'POST /api/users/link-info': { as: 'public', body: () => ({ token: state.inviteToken }) },
  'POST /api/users/accept-link': {
    as: 'public',
    body: () => ({ token: state.inviteToken, newPassword: 'Orchard ladders lean east 9' }),
    failing: () => ({ token: 'y'.repeat(43), newPassword: 'Orchard ladders lean east 9' }),
  },
  'POST /api/workflow/activity-codes': { as: 'admin', body: () => ({}) },
  'POST /api/billing/selected-plan': {
    as: 'newAdmin',
    body: () => ({
      subscriber: { name: 'A', email: DEMO.newAdmin },
      plans: [],
      serviceTypeId: 1,
      methodTypeId: 1,
      today: '2026-01-01',
      timezone: 'UTC',
    }),
  },
  'POST /api/subscription/plans': { as: 'newAdmin', body: () => ({}) },
  'POST /api/subscription/cards': { as: 'newAdmin', body: () => ({}) },
  'POST /api/payments-sandbox/tokens': {
    as: 'newAdmin',
    body: () => ({
      number: '4242 4242 4242 4242',
      exp_month: 12,
      exp_year: new Date().getUTCFullYear() + 1,
      cvc: '123',
    }),
  },
  'POST /api/subscription/validate-coupon': {
    as: 'newAdmin',
    body: () => ({ couponCode: 'WELCOME10', planId: 'starter' }),
  },
  'POST /api/tenant/pay-terms-accepted': { as: 'newAdmin', body: () => ({}) },
  'POST /api/subscription/attach-payment-method': {
    as: 'newAdmin',
    body: async () => ({ token: await cardToken(callers.newAdmin) }),
    failing: () => ({ token: 'tok_000000000000000000000000' }),
  },
  // Issue 38 finding 1: the confirmation's figures; a read, no audit row.
  'POST /api/subscription/preview-change': {
    as: 'newAdmin',
    body: () => ({ planId: 'enterprise', interval: 'month' }),
  },
  'POST /api/subscription/subscribe': {
    as: 'newAdmin',
    body: () => ({ planId: 'professional', interval: 'month', idempotencyKey: randomUUID() }),
  },
  'POST /api/questionnaire/list': { as: 'admin', body: () => ({}) },
  'POST /api/company/list': { as: 'admin', body: () => ({}) },
  // Issue 34: the people of the tenant's cases (a similar person is a 409 that writes nothing).
  'POST /api/people/list': { as: 'admin', body: () => ({}) },
  'POST /api/cases/fact-options': { as: 'admin', body: () => ({}) },
  'POST /api/people/similar': { as: 'admin', body: () => ({ givenName: 'Audit', familyName: 'Person' }) },
  'POST /api/people/create': {
    as: 'admin',
    body: () => ({ person: { givenName: 'Audited', familyName: `Person ${randomUUID().slice(0, 8)}` } }),
    failing: () => ({ person: { givenName: 'Audited', familyName: 'Person', dateOfBirth: '2199-01-01' } }),
  },
  'POST /api/message-label/list': { as: 'admin', body: () => ({}) },
  'POST /api/message-label/create': {
    as: 'admin',
    body: () => ({ name: 'Audited label', color: '#1E88E5' }),
    failing: () => ({ name: 'audited LABEL', color: '#1E88E5' }),
  },
  'POST /api/invoices/get-case-type-filing-fee-categories': { as: 'admin', body: () => ({}) },
  // Issue 36: the platform's fee schedule versions, and a dated line's last day set by the platform administrator.
  'POST /api/platform/fee-schedules/list': { as: 'platform', body: () => ({}) },
  'POST /api/platform/fee-schedules/set-line-end': {
    as: 'platform',
    body: () => ({ code: 'H1BPROCLAMATION', until: '2026-09-20' }),
    failing: () => ({ code: 'H1BPROCLAMATION', until: '2025-01-01' }),
  },
  // Issue 36: a firm's version dated ahead (saved first) is withdrawn; withdrawn, it is not there any more.
  'POST /api/invoices/withdraw-filing-fee-version': {
    as: 'admin',
    body: async () => {
      // The firm files N-400 (the demo content that switches case types on is not loaded here).
      await t.database.db.execute(sql`insert into tenant_case_types (tenant_id, type_id, selected)
        values (${t.tenants.lawfirm}, 9, true) on conflict do nothing`);
      const saved = await callers.admin.post('/api/invoices/save-case-type-filing-fee-categories', {
        petitionType: 9,
        invoiceDate: '2098-01-01',
        items: [{ id: 42, details: [{ code: 'LEGAL', name: 'Legal Fee', amount: 100, type: 'other', defType: true }] }],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      return { petitionType: 9, effectiveFrom: '2098-01-01' };
    },
    failing: () => ({ petitionType: 9, effectiveFrom: '2098-01-01' }),
  },
  // Issue 36: a schedule version published for a day to come; one dated in the past is refused.
  'POST /api/platform/fee-schedules/publish': {
    as: 'platform',
    body: () => ({
      effectiveFrom: '2032-01-01',
      source: 'Audit check',
      changes: [{ typeCode: null, code: 'PREMIUM', amount: 3600 }],
    }),
    failing: () => ({
      effectiveFrom: '2020-01-01',
      source: 'Audit check',
      changes: [{ typeCode: null, code: 'PREMIUM', amount: 3600 }],
    }),
  },
  'POST /api/platform/fee-schedules/compare': {
    as: 'platform',
    body: () => ({ from: 'uscis-2024', to: 'uscis-2026' }),
    failing: () => ({ from: 'uscis-2024', to: 'nope' }),
  },
  'POST /api/pdf-sign/esign-template-list': { as: 'admin', body: () => ({}) },
  'POST /api/contract-template/list': { as: 'admin', body: () => ({}) },
  'POST /api/agreement/list': { as: 'admin', body: () => ({}) },
  'POST /api/tracking/courierlist': { as: 'admin', body: () => ({}) },
  'POST /api/soc-code-config/list': { as: 'admin', body: () => ({}) },
  'POST /api/messages/list': { as: 'admin', body: () => ({ category: 'LETTER_VARIABLES' }) },
  'POST /api/tenant/delete-document': {
    as: 'coAdmin',
    body: async () => ({ path: (await uploadAs(t, callers.coAdmin, 'document')).path }),
    failing: () => ({ path: 'documents/nobody-uploaded-this.pdf' }),
  },
  'POST /api/petitioner/details': { as: 'petitioner', body: () => ({}) },
  'POST /api/users/mfa-settings': { as: 'admin', body: () => ({}) },
  'POST /api/mail-outbox/list': { as: 'admin', body: () => ({}) },
  'POST /api/users/update-own-profile': { as: 'admin', body: () => ({ firstName: 'Laura', lastName: 'Lawson-Audit' }) },
  'POST /api/branches/list': { as: 'admin', body: () => ({}) },
  'POST /api/audit/list': { as: 'admin', body: () => ({}) },
  'POST /api/audit/entities': { as: 'admin', body: () => ({}) },
  // Issue 20: letters' capabilities; the e-sign fields of a stored document.
  'POST /api/form-letter/capabilities': { as: 'admin', body: () => ({}) },
  'POST /api/pdf-sign/template-fields': {
    as: 'admin',
    body: async () => {
      // A one-page letter-size PDF pdf-lib can read (the fields are checked against its pages).
      const pdf = await PDFDocument.create();
      pdf.addPage([612, 792]);
      const res = await postUpload(t, callers.admin, { purpose: 'pdf', secureType: 'private', getDetails: 'true' }, [
        { name: 'fields.pdf', data: Buffer.from(await pdf.save()), type: 'application/pdf' },
      ]);
      state.esignDocument = res.json().data.result[0].path;
      return { templateId: state.esignDocument };
    },
  },
  'POST /api/pdf-sign/save-template-fields': {
    as: 'admin',
    body: () => ({
      templateId: state.esignDocument as string,
      fields: [{ page: 1, x: 72, y: 100, width: 160, height: 36, role: 'signatory', type: 'signature' }],
    }),
    failing: () => ({
      templateId: state.esignDocument as string,
      fields: [{ page: 9, x: 72, y: 100, width: 160, height: 36, role: 'signatory', type: 'signature' }],
    }),
  },
  // Issue 17: the bell.
  'POST /api/reminders/bell-count': { as: 'admin', body: () => ({}) },
  'POST /api/reminders/bell-list': { as: 'admin', body: () => ({}) },
  // Issue 21: the platform's libraries.
  'POST /api/questionnaire-template/list': { as: 'platform', body: () => ({}) },
  'POST /api/questionnaire-template/create': {
    as: 'platform',
    body: () => AUDIT_QUESTIONNAIRE,
    // The same name again: taken.
    failing: () => AUDIT_QUESTIONNAIRE,
  },
  'POST /api/platform-library/forms/list': { as: 'platform', body: () => ({}) },
  'POST /api/case-catalogue/list': { as: 'admin', body: () => ({}) },
};

beforeAll(async () => {
  t = await createTestApp();
  mfaEmail = await addUser(t, 'lawfirm', 6);
  const leaving = await addUser(t, 'lawfirm', 11);
  callers = {
    admin: await login(t, DEMO.lawAdmin),
    platform: await login(t, DEMO.platformAdmin),
    coAdmin: await login(t, DEMO.coAdmin),
    petitioner: await login(t, DEMO.lawPetitioner),
    newAdmin: await login(t, DEMO.newAdmin),
    leaving: await login(t, leaving),
  };
  // The paralegal role must sign in with a second factor: the two-factor routes have a user to act for.
  const set = await callers.admin.post('/api/users/update-mfa-settings', { mfaRequired: true, roleIds: [6] });
  expect(set.statusCode, set.body).toBe(200);
  // D-27: the new tenant starts as one created today does: no card, no plan, terms not accepted.
  await t.database.db.execute(
    sql`update tenants set card_token = null, card = null, subscription_plan = null, subscription = null, pay_terms_accepted_on = null where id = ${t.tenants.newfirm}`,
  );
}, 180_000);
afterAll(() => t.close());

/**
 * Every row of every table (sessions by id; without the login throttle and the audit log), as one text. The
 * second step's throttle counters (issue 39: users.mfa_failures, user_tokens.failures) are throttle state like
 * login_failures: a refused code counts there by design.
 */
const snapshot = () =>
  tableHashes(t.database, ['login_failures', 'sign_in_addresses', 'audit_log', 'rate_limit_counters'], (table) =>
    table === 'sessions'
      ? sql`x.id`
      : table === 'users'
        ? sql`(to_jsonb(x) - 'mfa_failures')::text`
        : table === 'user_tokens'
          ? sql`(to_jsonb(x) - 'failures')::text`
          : sql`x::text`,
  );
const auditRows = async () =>
  Number((await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log`)).rows[0]?.n);

const send = (who: Who, url: string, body: unknown) =>
  who === 'public' ? publicPost(url, body) : (callers[who] as Caller).post(url, body);

describe('SECURITY 19 on every state-changing route without id fields', () => {
  it('SECURITY 19: every state-changing route without id fields (from the route table) writes exactly one audit row when its valid request changes data and none when it changes nothing; a malformed or failing request is refused, changes nothing and writes no audit row', async () => {
    const routes = t.app.registeredRoutes.filter(
      (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'GET',
    );
    const withoutIds = routes
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => {
        const route = routes.find((r) => `${r.method} ${r.url}` === key);
        const files = Object.values(REFERENCES[key] ?? {}).filter((x) => referenceKind(x) === 'file');
        return idFields(route?.body).length === 0 && files.length === 0;
      });
    const problems: string[] = [];
    for (const key of withoutIds) if (!CASES[key]) problems.push(`${key}: no valid request here (SECURITY 19)`);
    for (const key of Object.keys(CASES))
      if (!withoutIds.includes(key)) problems.push(`${key}: not a state-changing route without id fields`);
    let changed = 0;
    for (const [key, c] of Object.entries(CASES)) {
      if (!withoutIds.includes(key)) continue;
      const url = key.split(' ')[1] as string;
      const refused = async (what: string, body: unknown) => {
        const [before, audits] = [await snapshot(), await auditRows()];
        const res = c.upload ? await send(c.as, url, {}) : await send(c.as, url, body);
        if (res.statusCode < 400 || res.statusCode >= 500)
          problems.push(`${key}: the ${what} request answered ${res.statusCode} ${res.body.slice(0, 200)}`);
        if ((await snapshot()) !== before) problems.push(`${key}: the ${what} request changed the database`);
        const wrote = (await auditRows()) - audits;
        if (wrote !== 0) problems.push(`${key}: the ${what} request wrote ${wrote} audit rows`);
      };
      // A route without a body contract (logout) has no malformed body to refuse.
      const route = routes.find((r) => `${r.method} ${r.url}` === key);
      if (route?.body) await refused('malformed', []);
      const body = await c.body();
      const [before, audits] = [await snapshot(), await auditRows()];
      const form = await c.upload?.();
      const res = form
        ? await postMultipart(t, callers[c.as as Exclude<Who, 'public'>] as Caller, url, form.fields, form.files)
        : await send(c.as, url, body);
      if (res.statusCode !== 200) {
        problems.push(`${key}: the valid request answered ${res.statusCode} ${res.body.slice(0, 300)}`);
        continue;
      }
      c.after?.(res);
      const wroteData = (await snapshot()) !== before;
      const audited = (await auditRows()) - audits;
      if (wroteData) changed++;
      if (audited !== (wroteData ? 1 : 0))
        problems.push(
          `${key}: the valid request ${wroteData ? 'changed data' : 'changed nothing'} and wrote ${audited} audit rows`,
        );
      // After the valid request, so that it fails for the reason it names (a taken name, a spent token ...).
      if (c.failing) await refused('failing', await c.failing());
    }
    console.info(`SECURITY 19: ${withoutIds.length} routes without id fields, ${changed} of them changed data`);
    expect(problems).toEqual([]);
    // The table is not all reads: the routes that write were reached and audited.
    expect(changed).toBeGreaterThanOrEqual(10);
  }, 600_000);
});
