import { BILLING_MESSAGES as B, type BillingDetails } from '@caseport/domain/billing/billing-details';
import { buildBillingDetails as buildDetails } from '@caseport/domain/billing/fixtures';
import { buildAddress } from '@caseport/domain/profile/fixtures';
import { PROFILE_MESSAGES as M } from '@caseport/domain/profile/rules';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './support/calls';
import { type Caller, createTestApp, DEMO, type TestApp } from './support/test-app';

let t: TestApp;
let lawAdmin: Caller;
let lawManager: Caller;
let otherAdmin: Caller;
let lawPetitioner: Caller;
let place: { stateId: number; cityId: number };

const UPDATE = '/api/tenant/update-billing-details';
const READ = '/api/billing/get-customer-details';

const buildBillingDetails = (overrides: Partial<BillingDetails> = {}): BillingDetails =>
  buildDetails(buildAddress({ stateId: place.stateId, locationId: place.cityId }), overrides) as BillingDetails;
const withPerson = (person: Partial<BillingDetails['authPerson']>) => {
  const d = buildBillingDetails();
  return { billingDetails: { ...d, authPerson: { ...d.authPerson, ...person } } };
};
const fieldsOf = (res: { json: () => { fields?: { name: string; message: string }[] } }) => res.json().fields ?? [];

beforeAll(async () => {
  t = await createTestApp();
  [lawAdmin, lawManager, otherAdmin, lawPetitioner] = await signIn(
    t,
    'lawAdmin',
    'lawManager',
    'otherAdmin',
    'lawPetitioner',
  );
  const r = await t.database.db.execute<{ state_id: number; city_id: number }>(
    sql`select s.id state_id, c.id city_id from states s join cities c on c.state_id = s.id where s.country_id = 231 order by s.id, c.id limit 1`,
  );
  place = { stateId: r.rows[0]!.state_id, cityId: r.rows[0]!.city_id };
});
afterAll(() => t.close());

describe('Billing Details', () => {
  it('R-BILL-018: get-customer-details {subscriber} answers the billing details, null before the first save', async () => {
    const res = await lawAdmin.post(READ, { subscriber: { email: DEMO.lawAdmin } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ billingDetails: null });
  });

  it('R-BILL-011, R-BILL-012, R-BILL-013: business name, person name and e-mail are required; the e-mail must be valid', async () => {
    const empty = await lawAdmin.post(UPDATE, {
      billingDetails: { ...buildBillingDetails(), busName: '  ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(fieldsOf(empty)).toContainEqual({ name: 'billingDetails.busName', message: B.busNameRequired });
    const person = await lawAdmin.post(UPDATE, withPerson({ name: '', email: '' }));
    expect(fieldsOf(person)).toEqual(
      expect.arrayContaining([
        { name: 'billingDetails.authPerson.name', message: B.authNameRequired },
        { name: 'billingDetails.authPerson.email', message: M.emailRequired },
      ]),
    );
    const badEmail = await lawAdmin.post(UPDATE, withPerson({ email: 'billing@' }));
    expect(fieldsOf(badEmail)).toEqual([{ name: 'billingDetails.authPerson.email', message: M.invalidEmail }]);
    expect((await lawAdmin.post(READ, {})).json()).toEqual({ billingDetails: null });
  });

  it("R-BILL-014: the phone is required and must be valid for its country: '*Invalid phone number - Please enter a valid one'", async () => {
    for (const phone of ['', '12345', '999999999999999']) {
      const res = await lawAdmin.post(UPDATE, withPerson({ phone }));
      expect(res.statusCode, phone).toBe(400);
      expect(fieldsOf(res)).toContainEqual({
        name: 'billingDetails.authPerson.phone',
        message: '*Invalid phone number - Please enter a valid one',
      });
    }
    // An Indian mobile number is valid with the IN code, not with the US one.
    const india = { countryCode: 'IN', countryCallingCode: '91' };
    expect((await lawAdmin.post(UPDATE, withPerson({ phone: '9876543210', phoneCountryCode: india }))).statusCode).toBe(
      200,
    );
  });

  it('R-BILL-015: the address is validated: required parts, and a city that belongs to its state', async () => {
    const missing = await lawAdmin.post(
      UPDATE,
      withPerson({
        address: buildAddress({ line1: '', zipcode: '', stateId: place.stateId, locationId: place.cityId }),
      }),
    );
    expect(fieldsOf(missing)).toEqual(
      expect.arrayContaining([
        { name: 'billingDetails.authPerson.address.line1', message: M.line1Required },
        { name: 'billingDetails.authPerson.address.zipcode', message: M.zipRequired },
      ]),
    );
    const wrongCity = await lawAdmin.post(
      UPDATE,
      withPerson({ address: buildAddress({ stateId: place.stateId, locationId: 999_999_999 }) }),
    );
    expect(wrongCity.statusCode).toBe(400);
    expect(fieldsOf(wrongCity)).toEqual([
      { name: 'billingDetails.authPerson.address.locationId', message: M.cityRequired },
    ]);
  });

  it('R-BILL-010, R-BILL-017: update-billing-details {billingDetails} stores busName and authPerson with its address details; the save is audited', async () => {
    const res = await lawAdmin.post(UPDATE, { billingDetails: buildBillingDetails() });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Billing details updated successfully');
    const saved = (await lawManager.post(READ, {})).json().billingDetails;
    expect(saved).toMatchObject({
      busName: 'Demo Law Firm LLP',
      authPerson: {
        name: 'Laura Lawson',
        email: 'billing@lawfirm.test',
        phone: '2025550143',
        phoneCountryCode: { countryCode: 'US', countryCallingCode: '1' },
        address: {
          line1: '100 Main Street',
          countryId: 231,
          stateId: place.stateId,
          locationId: place.cityId,
          zipcode: '10001',
          aptType: 'Ste',
          country: { id: 231, name: 'United States' },
          state: { id: place.stateId },
          location: { id: place.cityId },
        },
      },
    });
    const audit = await t.database.db.execute<{ after: BillingDetails }>(
      sql`select after from audit_log where entity = 'tenant_billing_details' and entity_id = ${t.tenants.lawfirm} order by at desc limit 1`,
    );
    expect(audit.rows[0]?.after.busName).toBe('Demo Law Firm LLP');
  });

  it('keeps tenants apart: another firm naming this one as subscriber is not found (404) and reads its own (empty) details; a tenantId in the body is refused; role 50 gets 403', async () => {
    expect((await otherAdmin.post(READ, { subscriber: { tenantId: t.tenants.lawfirm } })).statusCode).toBe(404);
    expect((await otherAdmin.post(READ, { subscriber: { tenantId: t.tenants.otherfirm } })).json()).toEqual({
      billingDetails: null,
    });
    const smuggled = await otherAdmin.post(UPDATE, {
      billingDetails: buildBillingDetails(),
      tenantId: t.tenants.lawfirm,
    });
    expect(smuggled.statusCode).toBe(400);
    expect((await lawPetitioner.post(READ, {})).statusCode).toBe(403);
    expect((await lawPetitioner.post(UPDATE, { billingDetails: buildBillingDetails() })).statusCode).toBe(403);
    expect((await lawAdmin.post(READ, {})).json().billingDetails.busName).toBe('Demo Law Firm LLP');
  });
});
