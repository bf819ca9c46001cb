import { TABS } from '@caseport/domain/settings/tabs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeKey } from '../src/platform/guard';
import { type Caller, createTestApp, DEMO, login, type TestApp, XHR } from './support/test-app';
import { addUser } from './support/users';

/*
 * Issue 25, finding 5: every route × roles 1, 2, 3, 4, 12, 50 and 51, checked against the spec rather than
 * against the permission matrix itself. Both tables below are written from the spec text (000 §2 and the
 * sections that name each call), not imported from packages/domain, so a wrong mapping there fails here.
 */

type TenantType = 1 | 2;
const ALL = [1, 2, 3, 4]; // D-03: "all" in the tab table means the roles that open settings

interface SpecTab {
  label: string;
  /** Roles that see the sidebar entry. */
  menu: number[];
  /** Roles that may open the content (and call the API behind it, D-02). */
  content: number[];
  tenantTypes?: TenantType[];
  hiddenInMobile?: true;
}
const tab = (label: string, roles: number[], more: Partial<SpecTab> = {}): SpecTab => ({
  label,
  menu: roles,
  content: roles,
  ...more,
});

/** 000 §2 "Settings tabs", row by row, in the spec's order. */
const SPEC_TABS = {
  profile: tab('Company Details', [3]),
  invoiceList: tab('Billing & Payments', [3, 4], { hiddenInMobile: true }),
  // One row names three keys; the sidebar shows 'Branches' once (branchList), the other two are its screens.
  branchList: tab('Branches', [3, 4]),
  branchCreate: tab('Branches', [3, 4], { menu: [] }),
  branchDetails: tab('Branches', [3, 4], { menu: [] }),
  usersRoles: tab('User Roles', ALL),
  caseTypes: tab('Case Types', ALL),
  workflow: tab('Workflows', ALL),
  questionnarie: tab('Case Configuration', [3, 4]),
  caseCodeConfig: tab('Case Code Configuration', [1, 3, 4]),
  socSettings: tab('SOC Settings', [3, 4], { menu: [3] }),
  servicesCenters: tab('Service Centers', ALL),
  configReminders: tab('Reminders', [1, 3, 4]),
  quickbooksSettings: tab('Settings', [1, 3, 4]),
  formsAndLetters: tab('Forms and Letters', [1, 2]),
  petitionConfigList: tab('Case Configuration', [1, 2]),
  questionnaireTemplateList: tab('Questionnaire Templates', [1]),
  SignDocumentTemplates: tab('E-Sign Templates', ALL, { menu: [1, 2, 3] }),
  contractTemplates: tab('Contract Templates', [1, 2, 3]),
  agreements: tab('Agreements', ALL),
  lettersTemplate: tab('Letter Templates', [3]),
  headerTemplate: tab('Header Templates', [3]),
  fillingFeeSettings: tab('Fees', [3], { tenantTypes: [1] }),
  labelsList: tab('Labels', ALL),
  users: tab('Users', [3, 4], { menu: [] }),
} satisfies Record<string, SpecTab>;
type SpecTabKey = keyof typeof SPEC_TABS;

/**
 * Who may call a route: anyone, any signed-in user, or these roles (in these tenant types; both if absent).
 * `whileHeld`: roles among `roles` admitted only while their tenant is held for card or plan (D-27, issue 39).
 */
type Rule = 'public' | 'signed-in' | { roles: number[]; tenantTypes?: TenantType[]; whileHeld?: number[] };

/** The roles whose screens (these tabs) make the call: the union of the tabs' content roles. */
const tabs = (...keys: SpecTabKey[]): Rule => {
  const defs = keys.map((k) => SPEC_TABS[k] as SpecTab);
  const roles = [...new Set(defs.flatMap((d) => d.content))];
  const typed = defs.every((d) => d.tenantTypes);
  return typed ? { roles, tenantTypes: [...new Set(defs.flatMap((d) => d.tenantTypes!))] } : { roles };
};
/** A documented rule names the roles itself. */
const only = (roles: number[], tenantTypes?: TenantType[]): Rule => ({ roles, ...(tenantTypes && { tenantTypes }) });
/** A tab's roles narrowed by a rule of the spec. */
const within = (rule: Rule, keep: number[]): Rule =>
  typeof rule === 'string' ? rule : { ...rule, roles: rule.roles.filter((r) => keep.includes(r)) };

/** Issue 39: a billing write (role 3 always; role 50 while the tenant is held for card or plan). */
const BILLING_WRITE: Rule = { roles: [3, 50], whileHeld: [50] };

/** 002 §6 (R-LIST-012): roles 1, 2 and 3 see Add on the template lists; the lists' changes are theirs. */
const ADDERS = [1, 2, 3];

/** Every route, with the spec section that names it. A registered route missing here fails the test. */
const EXPECTED: Record<string, Rule> = {
  'GET /api/health': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/logout': 'public',
  'GET /api/auth/me': 'signed-in',
  'POST /api/auth/session': 'public',
  'POST /api/auth/change-password': 'signed-in',
  'POST /api/masterdata/list': 'signed-in', // 000 §7, 002 §7.3: reference data of every form
  'POST /api/common/upload': 'signed-in', // 000 §7 File upload (profile, company data, petitioner profile, SOC)
  'GET /api/common/viewfile': 'signed-in', // 001 §7, 002 §7.4
  // 002 §4.6/§7.8 tab activation (1-4), 000 §7 the profile, R-PROFILE-036 role 12, D-04 role 50.
  'POST /api/tenant/details': only([1, 2, 3, 4, 12, 50]),
  // 001 §2.1/§6: roles 3 and 4 load their own tenant; the others (of the workflow tab) load the tenant list.
  'POST /api/tenant/list': only([1, 2]),
  'POST /api/tenant/setup-progress': only([3, 4]), // D-01: first-time setup of the tenant
  // Issue 16: only role 1 creates, suspends and reactivates tenants (no spec screen; D-02 acting tenant).
  'POST /api/tenant/create': only([1]),
  'POST /api/tenant/manage-status': only([1]),
  // 000 §2 users (R-SHELL-039): the Users screen; 001 §6 narrows each change to the allowed roles.
  'POST /api/users/list': tabs('users'),
  'POST /api/users/invite': tabs('users'),
  'POST /api/users/update': tabs('users'),
  'POST /api/users/manage-status': tabs('users'),
  'POST /api/users/send-link': tabs('users'),
  // Issue 16: the mail each admin's own actions wrote (users: 3, 4; tenant invitations: 1).
  'POST /api/mail-outbox/list': only([1, 3, 4]),
  'POST /api/users/update-own-profile': 'signed-in',
  // 000 §2: the Branches row names three tabs (roles 3 and 4).
  'POST /api/branches/list': tabs('branchList'),
  'POST /api/branches/create': tabs('branchCreate'),
  'POST /api/branches/details': tabs('branchDetails'),
  'POST /api/branches/update': tabs('branchDetails'),
  // Issue 16: the invitation and reset link pages, before any session (the token is the credential).
  'POST /api/users/link-info': 'public',
  // Issue 16: two-factor sign-in; the tenant's rule is its administrator's (002 §3.1 belongs to role 3 there).
  'POST /api/auth/mfa/verify': 'public',
  'POST /api/auth/mfa/enrol-start': 'public',
  'POST /api/auth/mfa/enrol-confirm': 'public',
  'POST /api/auth/mfa/status': 'signed-in',
  'POST /api/auth/mfa/self-challenge': 'signed-in',
  'POST /api/auth/mfa/recovery-codes': 'signed-in',
  'POST /api/users/mfa-settings': only([3]),
  'POST /api/users/update-mfa-settings': only([3]),
  'POST /api/users/reset-mfa': tabs('users'),
  'POST /api/audit/list': only([3]), // issue 16: the audit trail is the tenant admin's
  'POST /api/audit/entities': only([3]),
  'POST /api/users/accept-link': 'public',
  'POST /api/tenant/update-profile': tabs('profile'), // 000 §6: only role 3 edits the tenant profile
  'POST /api/tenant/update-everify-client-id': only([3], [2]), // 000 §2: role 3 with tenant type 2
  // 000 §6: role 12's logo and address go to the company data; only a petitioner company is that company.
  'POST /api/tenant/update-company-data': only([12], [2]),
  'POST /api/tenant/delete-document': only([3, 12, 50]), // 000 §7: the forms that upload documents
  'POST /api/petitioner/details': only([50]), // 000 §2, D-04: role 50's petitioner profile screen
  'POST /api/petitioner/update-profile': only([50]),
  // 001 §7 Workflow; 002 §7.8. The case-type configuration screen lists and links workflows too (001 §2.2).
  'POST /api/workflow/details': tabs('workflow', 'questionnarie'),
  'POST /api/workflow/list': tabs('workflow', 'questionnarie'),
  // 001 §6: only role 1 sends tenantId on creation; roles 3 and 4 create in their own tenant.
  'POST /api/workflow/create': within(tabs('workflow'), [1, 3, 4]),
  'POST /api/workflow/clone': within(tabs('workflow'), [1, 3, 4]),
  'POST /api/workflow/update': tabs('workflow'),
  'POST /api/workflow/manage-active-status': tabs('workflow'),
  'POST /api/workflow/delete': tabs('workflow'),
  'POST /api/workflow/activity-codes': tabs('workflow'),
  'POST /api/workflow/config-save': tabs('workflow', 'questionnarie'),
  'POST /api/workflow/config-update': tabs('workflow', 'questionnarie'),
  'POST /api/billing/selected-plan': only([3, 4, 50]), // 002 §4.6: roles 3 and 4 load the plan; D-27 role 50
  // 001 §2.3, §7 Billing: the Billing & Payments tab.
  'POST /api/invoices/list': tabs('invoiceList'),
  // 001 §2.3, §7 Billing: the card and plans of the tab (3, 4) and of D-27's Plan & payment step (3, 50); D-26.
  'POST /api/subscription/plans': only([3, 4, 50]),
  'POST /api/subscription/cards': only([3, 4, 50]),
  // Issue 39: the billing writes are the administrator's, and role 50's only while the tenant is held (D-27).
  'POST /api/subscription/attach-payment-method': BILLING_WRITE,
  'POST /api/subscription/validate-coupon': only([3, 4, 50]),
  'POST /api/subscription/subscribe': BILLING_WRITE,
  // Issue 38 finding 1: the plan change's confirmation and Pay now are the writers' too.
  'POST /api/subscription/preview-change': BILLING_WRITE,
  'POST /api/invoices/pay': BILLING_WRITE,
  'POST /api/tenant/pay-terms-accepted': BILLING_WRITE,
  // The sandbox's tokenization changes nothing of the tenant: the matrix's roles, in any state.
  'POST /api/payments-sandbox/tokens': only([3, 50]),
  'GET /api/payments/viewfile': tabs('invoiceList'),
  'POST /api/billing/get-customer-details': tabs('invoiceList'),
  'POST /api/tenant/update-billing-details': only([3]),
  // 001 §2.4, §7 Case codes; D-05: role 2 reads the case-code list through the API.
  'POST /api/case-id-config/list': only([1, 2, 3, 4]),
  'POST /api/case-id-config/create': tabs('caseCodeConfig'),
  'POST /api/case-id-config/update': tabs('caseCodeConfig'),
  'POST /api/case-id-config/delete': tabs('caseCodeConfig'),
  'POST /api/case-id-config/details': tabs('caseCodeConfig'),
  // 001 §6: role 1 loads the customer list, the others a petitioner list (role 2 included, D-05).
  'POST /api/company/list': only([2, 3, 4]),
  // 001 §7 Case-type configuration, Case codes (R-CASECODE-024); role 2's tenantCustomId filter (001 §6).
  'POST /api/petition-config/list': only([1, 2, 3, 4]),
  // 002 §7.2 filing fees (the Fees tab: role 3, law firms); D-04: role 50 reads the catalogue (002 §6).
  'POST /api/invoices/get-case-type-filing-fee-categories': only([3, 50], [1]),
  'POST /api/invoices/save-case-type-filing-fee-categories': tabs('fillingFeeSettings'),
  // Issue 18: the case page's fee estimate, for those who open cases (as /api/cases/list).
  'POST /api/invoices/case-fee-estimate': only([3, 4]),
  // Issue 36: the impact of a fee version (asked before a save) and the platform's fee schedule versions.
  'POST /api/invoices/filing-fee-version-impact': tabs('fillingFeeSettings'),
  'POST /api/platform/fee-schedules/list': only([1, 2]),
  'POST /api/platform/fee-schedules/set-line-end': only([1, 2]),
  'POST /api/platform/fee-schedules/publish': only([1, 2]),
  'POST /api/platform/fee-schedules/withdraw': only([1, 2]),
  'POST /api/platform/fee-schedules/compare': only([1, 2]),
  // Issue 36: the estimate printed for the client; an upcoming firm version withdrawn behind the Fees tab.
  'POST /api/invoices/case-fee-estimate-pdf': only([3, 4]),
  'POST /api/invoices/withdraw-filing-fee-version': tabs('fillingFeeSettings'),
  // Issue 34: the case page's Reminders tab, for those who open cases.
  'POST /api/reminders/case': only([3, 4]),
  'POST /api/petition-config/manage-case-types': tabs('questionnarie'),
  'POST /api/petition-config/manage-case-sub-types': tabs('questionnarie'),
  // Issue 21: role 1 edits a tenant's configuration on the platform's Case Configuration; role 2 reads it.
  'POST /api/petition-config/create': within(tabs('questionnarie', 'petitionConfigList'), [1, 3, 4]),
  'POST /api/petition-config/update': within(tabs('questionnarie', 'petitionConfigList'), [1, 3, 4]),
  'POST /api/questionnaire/list': tabs('questionnarie'),
  'POST /api/questionnaire/preview': tabs('questionnarie'),
  // Issue 21: the questionnaire library is the Questionnaire Templates tab's (role 1).
  'POST /api/questionnaire-template/list': tabs('questionnaireTemplateList'),
  'POST /api/questionnaire-template/details': tabs('questionnaireTemplateList'),
  // 001 §2.2 (R-CASETYPE-007): the picker's Preview on the platform Case Configuration (roles 1 and 2) reads a version.
  'POST /api/questionnaire-template/version': tabs('questionnaireTemplateList', 'petitionConfigList'),
  'POST /api/questionnaire-template/create': tabs('questionnaireTemplateList'),
  'POST /api/questionnaire-template/save-draft': tabs('questionnaireTemplateList'),
  'POST /api/questionnaire-template/publish': tabs('questionnaireTemplateList'),
  'POST /api/case-type-config/save-custom-code': tabs('questionnarie'), // 001 §2.4 Custom Code popup, D-23
  // 001 §7 Case-type configuration and 002 §7.4 Letters and headers.
  'POST /api/form-letter/list': within(
    tabs('questionnarie', 'lettersTemplate', 'headerTemplate', 'petitionConfigList'),
    [1, 3, 4],
  ),
  'POST /api/form-letter/delete': tabs('lettersTemplate'), // 002 §2.4 row action Delete, §7.4
  // Issue 20: the editor's callbacks (R-LETTER-010/011), the filled letter and the PDF capability, for the
  // letter and header tabs (both role 3's).
  'POST /api/form-letter/create': tabs('lettersTemplate', 'headerTemplate'),
  'POST /api/form-letter/update': tabs('lettersTemplate', 'headerTemplate'),
  'POST /api/form-letter/fill': tabs('lettersTemplate', 'headerTemplate'),
  'POST /api/form-letter/capabilities': tabs('lettersTemplate', 'headerTemplate'),
  'POST /api/cases/create': only([3, 4]), // issue 5: the tenant's Admin and Branch Manager open cases
  'POST /api/cases/form-editions': only([3, 4]), // issue 21: the form editions a case was opened with
  // Issue 21: the platform library (000 §2 formsAndLetters, petitionConfigList) and the catalogue (caseTypes).
  'POST /api/platform-library/forms/list': tabs('formsAndLetters'),
  'POST /api/platform-library/forms/save': tabs('formsAndLetters'),
  'POST /api/platform-library/forms/add-edition': tabs('formsAndLetters'),
  // 001 §2.2: a tenant's checklist downloads what it offers; the platform downloads its own.
  'GET /api/platform-library/forms/document': only([1, 2, 3, 4]),
  'POST /api/platform-library/case-configs/list': tabs('petitionConfigList'),
  'POST /api/platform-library/case-configs/save': tabs('petitionConfigList'),
  'POST /api/platform-library/case-configs/delete': tabs('petitionConfigList'),
  'POST /api/case-catalogue/list': tabs('caseTypes'),
  'POST /api/case-catalogue/save-type': only([1]), // issue 21: the platform (role 1) maintains the catalogue
  'POST /api/case-catalogue/save-sub-type': only([1]),
  'POST /api/cases/list': only([3, 4]),
  // Issue 17: a case's reminder dates, where cases are shown.
  'POST /api/cases/details': only([3, 4]), // issue 34: the case page and the people of its cases
  'POST /api/cases/update': only([3, 4]),
  'POST /api/cases/fact-options': only([3, 4]), // issue 34: fact and owner choices without the settings tabs
  'POST /api/cases/link-account': only([3, 4]),
  'POST /api/cases/invite-account': only([3, 4]),
  'POST /api/cases/unlink-account': only([3, 4]),
  'POST /api/cases/history': only([3, 4]),
  'POST /api/people/list': only([3, 4]),
  'POST /api/people/details': only([3, 4]),
  'POST /api/people/similar': only([3, 4]),
  'POST /api/people/create': only([3, 4]),
  'POST /api/people/update': only([3, 4]),
  // Issue 34 item 5: a case's activities, for those who open cases.
  'POST /api/cases/activities/list': only([3, 4]),
  'POST /api/cases/activities/start': only([3, 4]),
  'POST /api/cases/activities/act': only([3, 4]),
  'POST /api/cases/documents/list': only([3, 4]),
  'POST /api/cases/documents/upload': only([3, 4]),
  'POST /api/cases/documents/download': only([3, 4]),
  'POST /api/cases/documents/delete': only([3, 4]),
  'POST /api/cases/invoices/list': only([3, 4]),
  'POST /api/cases/invoices/pdf': only([3, 4]),
  'POST /api/my-cases/list': only([11, 12, 50, 51]),
  'POST /api/my-cases/details': only([11, 12, 50, 51]),
  'POST /api/my-cases/invoice-pdf': only([11, 12, 50, 51]),
  'POST /api/cases/envelopes/list': only([3, 4]),
  'POST /api/cases/envelopes/send': only([3, 4]),
  'POST /api/cases/envelopes/send-document': only([3, 4]),
  'POST /api/cases/envelopes/cancel': only([3, 4]),
  'POST /api/cases/envelopes/download': only([3, 4]),
  'POST /api/signing/list': only([5, 11, 12, 50, 51]),
  'POST /api/signing/document': only([5, 11, 12, 50, 51]),
  'POST /api/signing/sign': only([5, 11, 12, 50, 51]),
  'POST /api/signing/decline': only([5, 11, 12, 50, 51]),
  'POST /api/cases/questionnaire/status': only([3, 4]),
  'POST /api/cases/questionnaire/send': only([3, 4]),
  'POST /api/cases/questionnaire/review': only([3, 4]),
  'POST /api/answering/list': only([11, 12, 50, 51]),
  'POST /api/answering/open': only([11, 12, 50, 51]),
  'POST /api/answering/save': only([11, 12, 50, 51]),
  'POST /api/answering/submit': only([11, 12, 50, 51]),
  'POST /api/answering/upload': only([11, 12, 50, 51]),
  'POST /api/cases/activities/set-due': only([3, 4]),
  // 002 §7.1 Global configuration, behind the Reminders tab.
  'POST /api/global-config/details': tabs('configReminders'),
  'POST /api/global-config/create': tabs('configReminders'),
  'POST /api/global-config/update': tabs('configReminders'),
  'POST /api/accounting/settings': tabs('quickbooksSettings'),
  'POST /api/accounting/save-settings': tabs('quickbooksSettings'),
  'POST /api/accounting/export': tabs('quickbooksSettings'),
  'POST /api/cap-registrations/get-season-year-list': tabs('configReminders'), // D-22
  // Issue 17: the preview on the Reminders tab; the bell is every signed-in user's own.
  'POST /api/reminders/preview': tabs('configReminders'),
  'POST /api/reminders/bell-count': 'signed-in',
  'POST /api/reminders/bell-list': 'signed-in',
  'POST /api/reminders/mark-read': 'signed-in',
  // 001 §2.7, §7 Labels.
  'POST /api/message-label/list': tabs('labelsList'),
  'POST /api/message-label/create': tabs('labelsList'),
  'POST /api/message-label/update': tabs('labelsList'),
  // 002 §2.6-2.8 (Document preview on every template list), §7.5.
  'POST /api/pdf-sign/get-tpl-prepare-iframe-url': tabs('SignDocumentTemplates', 'contractTemplates', 'agreements'),
  'POST /api/pdf-sign/esign-template-list': tabs('SignDocumentTemplates'),
  'POST /api/pdf-sign/save-esign-template': within(tabs('SignDocumentTemplates'), ADDERS),
  'POST /api/pdf-sign/update-esign-template': within(tabs('SignDocumentTemplates'), ADDERS),
  'POST /api/pdf-sign/delete-esign-template': within(tabs('SignDocumentTemplates'), ADDERS),
  // Issue 20: the e-sign preparation page (R-ESIGN-011): the list's roles read, the adders save.
  'POST /api/pdf-sign/template-fields': tabs('SignDocumentTemplates'),
  'POST /api/pdf-sign/save-template-fields': within(tabs('SignDocumentTemplates'), ADDERS),
  'GET /api/pdf-sign/flattened-preview': tabs('SignDocumentTemplates'),
  'POST /api/contract-template/list': tabs('contractTemplates'),
  'POST /api/contract-template/create': within(tabs('contractTemplates'), ADDERS),
  'POST /api/contract-template/update': within(tabs('contractTemplates'), ADDERS),
  'POST /api/contract-template/delete': within(tabs('contractTemplates'), ADDERS),
  'POST /api/agreement/list': tabs('agreements'),
  'POST /api/agreement/create': within(tabs('agreements'), ADDERS),
  'POST /api/agreement/update': within(tabs('agreements'), ADDERS),
  'POST /api/agreement/delete': within(tabs('agreements'), ADDERS),
  // 001 §2.6, §7 Service centers (who edits which row is the service's rule, 001 §6).
  'POST /api/service-centers/list': tabs('servicesCenters'),
  'POST /api/service-centers/create': tabs('servicesCenters'),
  'POST /api/service-centers/update': tabs('servicesCenters'),
  'POST /api/service-centers/delete': tabs('servicesCenters'),
  'POST /api/service-centers/details': tabs('servicesCenters'),
  'POST /api/tracking/courierlist': tabs('servicesCenters'),
  // 001 §2.5, §7 SOC; the letter variables are asked for by the SOC screen only (R-SOC-037).
  'POST /api/soc-code-config/list': tabs('socSettings'),
  'POST /api/soc-code-config/add-soc-code': tabs('socSettings'),
  'POST /api/soc-code-config/update': tabs('socSettings'),
  'POST /api/soc-code-config/manage-status': tabs('socSettings'),
  'POST /api/soc-code-config/update-documents': tabs('socSettings'),
  'POST /api/soc-code-config/details': tabs('socSettings'),
  'POST /api/messages/list': tabs('socSettings'),
  // The OpenAPI description (D-06) carries no data.
  'GET /api/docs': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',
  'GET /api/docs/static/*': 'public',
};

interface Person {
  label: string;
  roleId: number;
  tenantType: TenantType | null;
  /** The tenant lacks a card or a plan (D-27). */
  held: boolean;
  caller: Caller;
}

/** A role admits a person when it lists the role and, if it names tenant types, the person's (platform: none). */
const admits = (rule: Rule, p: Person) =>
  typeof rule === 'string' ||
  (rule.roles.includes(p.roleId) &&
    (!rule.whileHeld?.includes(p.roleId) || p.held) &&
    (!rule.tenantTypes || p.tenantType === null || rule.tenantTypes.includes(p.tenantType)));

let t: TestApp;
const people: Person[] = [];

beforeAll(async () => {
  t = await createTestApp();
  // Roles 1 and 2 belong to no tenant; 12 and 51 exist in both tenant types (001 §6, 002 §6 recipient lists),
  // 50 only in a law firm (tenant type 2 hides the Petitioner role, 001 §6).
  // Issue 39: each tenant role in both states (D-27): the demo tenants are not held; a law firm and a petitioner
  // company held for card and plan carry every role of their tenant type, so each route is tried as each role
  // held and not held, with the expectation from EXPECTED and the state rule (`whileHeld`).
  for (const held of [t.tenants.newfirm, t.tenants.newpetitioner])
    await t.database.db.execute(
      sql`update tenants set card_token = null, card = null, subscription_plan = null, subscription = null where id = ${held}`,
    );
  const accounts: [string, number, TenantType | null, string][] = [
    ['platform', 1, null, DEMO.platformAdmin],
    ['platform', 2, null, DEMO.platformOps],
    ['law firm', 3, 1, DEMO.lawAdmin],
    ['law firm', 4, 1, DEMO.lawManager],
    ['law firm', 12, 1, await addUser(t, 'lawfirm', 12)],
    ['law firm', 50, 1, DEMO.lawPetitioner],
    ['law firm', 51, 1, await addUser(t, 'lawfirm', 51)],
    ['petitioner company', 3, 2, DEMO.coAdmin],
    ['petitioner company', 4, 2, await addUser(t, 'petitioner', 4)],
    ['petitioner company', 12, 2, DEMO.coSignatory],
    ['petitioner company', 51, 2, await addUser(t, 'petitioner', 51)],
    ['held law firm', 3, 1, DEMO.newAdmin],
    ['held law firm', 4, 1, DEMO.newManager],
    ['held law firm', 12, 1, await addUser(t, 'newfirm', 12)],
    ['held law firm', 50, 1, await addUser(t, 'newfirm', 50)],
    ['held law firm', 51, 1, await addUser(t, 'newfirm', 51)],
    ['held petitioner company', 3, 2, DEMO.newCoAdmin],
    ['held petitioner company', 4, 2, await addUser(t, 'newpetitioner', 4)],
    ['held petitioner company', 12, 2, DEMO.newCoSignatory],
    ['held petitioner company', 51, 2, await addUser(t, 'newpetitioner', 51)],
  ];
  for (const [where, roleId, tenantType, email] of accounts)
    people.push({
      label: `role ${roleId} (${where})`,
      roleId,
      tenantType,
      held: where.startsWith('held '),
      caller: await login(t, email),
    });
});
afterAll(() => t.close());

/** Registered route keys (HEAD answered as GET), logout last: it ends the session it is sent with. */
const registered = () => {
  const keys = [...new Set(t.app.registeredRoutes.map((r) => routeKey(r.method, r.url)))].filter((k) =>
    k.includes(' /api/'),
  );
  return keys.sort((a, b) => Number(a === 'POST /api/auth/logout') - Number(b === 'POST /api/auth/logout'));
};

/**
 * Bodies that pass validation where the refusal is decided by the tenant's state in the handler (issue 39): an
 * empty body would stop at 400 before the state is looked at.
 */
const BODIES: Record<string, unknown> = {
  'POST /api/subscription/attach-payment-method': { token: 'tok_000000000000000000000000' },
  'POST /api/subscription/subscribe': {
    planId: 'starter',
    interval: 'month',
    idempotencyKey: '00000000-0000-4000-8000-000000000039',
  },
  'POST /api/subscription/preview-change': { planId: 'enterprise', interval: 'month' },
  // No such invoice: allowed callers get 404, refused ones 403 before the invoice is looked for.
  'POST /api/invoices/pay': {
    invoiceId: '00000000-0000-4000-8000-000000000038',
    idempotencyKey: '00000000-0000-4000-8000-000000000038',
  },
};

const send = (key: string, headers: Record<string, string>) => {
  const [method, url] = key.split(' ') as ['GET' | 'POST', string];
  return t.app.inject({
    method,
    url: url.replace('*', 'index.html'),
    headers: method === 'POST' ? { ...XHR, ...headers } : headers,
    ...(method === 'POST' ? { payload: BODIES[key] ?? {} } : {}),
  });
};

describe('every route × roles 1, 2, 3, 4, 12, 50, 51 against the spec (issue 25, finding 5; D-02, SECURITY 1)', () => {
  it("the settings tab table in tabs.ts is the spec's 000 §2 table: keys in order, labels, menu and content roles, tenant types, mobile", () => {
    const code = TABS.map((d) => ({
      key: d.key,
      label: d.label,
      menu: [...d.menuRoles],
      content: [...d.contentRoles],
      ...(d.tenantTypes && { tenantTypes: [...d.tenantTypes] }),
      ...(d.hiddenInMobile && { hiddenInMobile: true }),
    }));
    expect(code).toEqual(Object.entries(SPEC_TABS).map(([key, d]) => ({ key, ...d })));
  });

  it('every registered route has an expectation here, and every expectation is a registered route', () => {
    const keys = registered();
    expect(keys.filter((k) => !(k in EXPECTED))).toEqual([]);
    expect(Object.keys(EXPECTED).filter((k) => !keys.includes(k))).toEqual([]);
  });

  it('issue 39: every tenant role of both tenant types is a caller held and not held (D-27), so each route is tried as each role in both states', () => {
    const roles = (held: boolean) =>
      people
        .filter((p) => p.tenantType !== null && p.held === held)
        .map((p) => `type ${p.tenantType} role ${p.roleId}`)
        .sort();
    expect(roles(false)).toEqual([
      'type 1 role 12',
      'type 1 role 3',
      'type 1 role 4',
      'type 1 role 50',
      'type 1 role 51',
      'type 2 role 12',
      'type 2 role 3',
      'type 2 role 4',
      'type 2 role 51',
    ]);
    expect(roles(true)).toEqual(roles(false));
  });

  it('D-02: each role gets 403 exactly where the spec keeps it out, never where it lets it in; anonymous callers get 401 off the public routes', async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const key of registered()) {
      const rule = EXPECTED[key];
      if (!rule) continue; // reported by the test above
      const [anon, ...answers] = await Promise.all([
        send(key, {}),
        ...people.map((p) => send(key, { cookie: p.caller.cookie })),
      ]);
      if ((anon!.statusCode === 401) !== (rule !== 'public')) wrong.push(`${key} anonymous: ${anon!.statusCode}`);
      people.forEach((p, i) => {
        const status = answers[i]!.statusCode;
        const allowed = admits(rule, p);
        if (allowed ? status === 403 || status === 401 : status !== 403)
          wrong.push(`${key} ${p.label}: ${status}, expected ${allowed ? 'not 403' : '403'}`);
      });
      checked++;
    }
    expect(wrong).toEqual([]);
    expect(checked).toBe(Object.keys(EXPECTED).length);
    // Every route × 20 callers: 6 s alone, over 60 s when the API suite shares the 2 cores with other work.
  }, 300_000);
});
