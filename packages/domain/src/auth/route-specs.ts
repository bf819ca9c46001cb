import type { TabKey } from '../settings/tabs';
import type { RouteKey } from './permissions';

/**
 * Where each route of the permission matrix comes from (issue 25, finding 5): the spec section that names the
 * call or its screen, the settings tabs whose screens make the call (000 §2 tab table), and, when the allowed
 * roles are not exactly those tabs' content roles, the documented rule that decides them. docs/routes.md is
 * generated from this table, PERMISSIONS and TABS (`npm run docs:routes`).
 */
export interface RouteSpec {
  /** The spec section(s), requirement or decision naming the call or its screen ("001 §7 Workflow"). */
  spec: string;
  /** The settings tabs whose screens make the call. */
  tabs?: readonly TabKey[];
  /** Why the allowed roles differ from the union of the tabs' content roles (or why there is no tab). */
  rule?: string;
}

/** A template list's change (002 §6, R-LIST-012): for the roles that see Add (1, 2, 3) among the tab's. */
const templateChange = (spec: string, tab: TabKey): RouteSpec => ({
  spec,
  tabs: [tab],
  rule: 'R-LIST-012 (002 §6): of the tab’s roles, those who see Add (1, 2, 3) make the changes',
});

export const ROUTE_SPECS = {
  'GET /api/health': { spec: 'ARCHITECTURE (stack)', rule: 'public: a liveness probe, no data' },
  'POST /api/auth/login': { spec: 'SECURITY 7-9; D-01 (/login)', rule: 'public: signs in' },
  'POST /api/auth/logout': { spec: 'SECURITY 9', rule: 'public: ends the caller’s own session, if any' },
  'POST /api/auth/session': {
    spec: 'issue 38 (finding 7)',
    rule: 'public: the caller’s own Me, or none (a signed-out page load makes no failing request)',
  },
  'GET /api/auth/me': {
    spec: 'R-SHELL-001..040; D-03',
    rule: 'every signed-in user: their own menu, tabs and tenant',
  },
  'POST /api/auth/change-password': { spec: 'SECURITY 7, 9', rule: 'every signed-in user: their own password' },
  'POST /api/masterdata/list': {
    spec: '000 §7; 002 §7.3',
    rule: 'every signed-in user: reference data for every form, the petitioner profile included',
  },
  'POST /api/common/upload': {
    spec: '000 §7 (File upload); 001 §7 SOC',
    rule: 'every signed-in user: profile, company data, petitioner profile and SOC forms upload; the file is the tenant’s',
  },
  'GET /api/common/viewfile': {
    spec: '001 §7; 002 §7.4; D-06',
    rule: 'every signed-in user; the service serves only the caller’s tenant’s (or the platform’s) files',
  },
  'POST /api/tenant/details': {
    spec: '000 §7; 002 §4.6, §7.8 (R-SHELL-044); R-PROFILE-036; D-04',
    rule: 'tab activation for roles 1-4, role 12’s company data, role 50’s petitioner profile',
  },
  'POST /api/tenant/list': {
    spec: '001 §6, §7 Workflow and Case codes (R-WF-010, R-CASECODE-021)',
    tabs: ['workflow', 'caseCodeConfig'],
    rule: 'roles other than 3 and 4 load the tenant list (1 and 2)',
  },
  'POST /api/tenant/create': {
    spec: 'Issue 16 (tenants); D-02',
    rule: 'role 1 creates a law firm or petitioner company and invites its first admin; the spec names no screen',
  },
  'POST /api/tenant/manage-status': {
    spec: 'Issue 16 (tenants); D-02',
    rule: 'role 1 suspends or reactivates a tenant; the spec names no screen',
  },
  'POST /api/tenant/setup-progress': {
    spec: 'D-01 (first-time setup)',
    rule: 'the tenant’s own setup, walked by roles 3 and 4 (roles 1 and 2 have no tenant)',
  },
  'POST /api/tenant/update-profile': { spec: '000 §2 Company Details, §6, §7', tabs: ['profile'] },
  'POST /api/tenant/update-everify-client-id': {
    spec: '000 §2 Company Details, §7 (R-PROFILE-037)',
    tabs: ['profile'],
    rule: 'role 3 with tenant type 2 only',
  },
  'POST /api/tenant/update-company-data': {
    spec: '000 §6 (R-PROFILE-036)',
    rule: 'role 12 of a petitioner company: its company is the tenant (a law firm’s role 12 does not own the firm’s logo and address)',
  },
  'POST /api/tenant/delete-document': {
    spec: '000 §7 (File upload: deleting a document also removes the file)',
    tabs: ['profile'],
    rule: 'role 3’s profile, role 12’s company data and role 50’s petitioner profile',
  },
  'POST /api/petitioner/details': { spec: '000 §2 Settings page access; D-04', rule: 'role 50’s own profile screen' },
  'POST /api/petitioner/update-profile': {
    spec: '000 §2 Settings page access; D-04',
    rule: 'role 50’s own profile screen',
  },
  'POST /api/workflow/details': {
    spec: '001 §7 Workflow; 002 §7.8 (R-SHELL-045)',
    tabs: ['workflow', 'questionnarie'],
  },
  'POST /api/workflow/list': { spec: '001 §2.1, §7 Workflow', tabs: ['workflow', 'questionnarie'] },
  'POST /api/workflow/create': {
    spec: '001 §2.1, §6, §7 Workflow (R-WF-011, R-WF-012)',
    tabs: ['workflow'],
    rule: 'needs a tenant: role 1 picks the Customer, roles 3 and 4 use their own; role 2 has neither',
  },
  'POST /api/workflow/clone': {
    spec: '001 §2.1, §6, §7 Workflow (R-WF-011)',
    tabs: ['workflow'],
    rule: 'needs a tenant: role 1 picks the Customer, roles 3 and 4 use their own; role 2 has neither',
  },
  'POST /api/workflow/update': { spec: '001 §7 Workflow', tabs: ['workflow'] },
  'POST /api/workflow/manage-active-status': { spec: '001 §4, §7 Workflow', tabs: ['workflow'] },
  'POST /api/workflow/delete': { spec: '001 §2.1, §7 Workflow; D-06', tabs: ['workflow'] },
  'POST /api/workflow/activity-codes': { spec: '001 §7 Workflow; D-06', tabs: ['workflow'] },
  'POST /api/workflow/config-save': { spec: '001 §2.1, §7 Workflow', tabs: ['workflow', 'questionnarie'] },
  'POST /api/workflow/config-update': { spec: '001 §7 Workflow', tabs: ['workflow', 'questionnarie'] },
  'POST /api/billing/selected-plan': {
    spec: '002 §4.6, §7.8 (R-SHELL-047); D-27',
    rule: 'roles 3 and 4 load the current plan on tab activation; role 50 is held for card or plan',
  },
  'POST /api/subscription/plans': {
    spec: '001 §3 Plan, §7 Billing, §9 (R-BILL-019, R-BILL-020, R-BILL-023)',
    tabs: ['invoiceList'],
    rule: 'the Billing & Payments tab (roles 3 and 4) and the Plan & payment step of the card/plan hold (roles 3 and 50, D-27)',
  },
  'POST /api/subscription/cards': {
    spec: '001 §3 Card, §7 Billing, §9 (R-BILL-001, R-BILL-021)',
    tabs: ['invoiceList'],
    rule: 'the Billing & Payments tab (roles 3 and 4) and the Plan & payment step of the card/plan hold (roles 3 and 50, D-27)',
  },
  'POST /api/subscription/attach-payment-method': {
    spec: '001 §2.3, §7 Billing (R-BILL-008); D-26',
    tabs: ['invoiceList'],
    rule: 'issue 39: role 3 always, role 50 only while the tenant is held for card or plan (D-27, checked on the server); role 4 reads only',
  },
  'POST /api/subscription/validate-coupon': {
    spec: '001 §7 Billing (R-BILL-019)',
    tabs: ['invoiceList'],
    rule: 'the Billing & Payments tab (roles 3 and 4) and the Plan & payment step of the card/plan hold (roles 3 and 50, D-27)',
  },
  'POST /api/subscription/subscribe': {
    spec: '001 §7, §8 Billing (R-BILL-019, R-BILL-022)',
    tabs: ['invoiceList'],
    rule: 'issue 39: role 3 always, role 50 only while the tenant is held for card or plan (D-27, checked on the server); role 4 reads only',
  },
  'POST /api/subscription/preview-change': {
    spec: '001 §7 Billing (R-BILL-019); issue 38 finding 1 (the plan change asks first)',
    tabs: ['invoiceList'],
    rule: 'issue 39: role 3 always, role 50 only while the tenant is held for card or plan (D-27, checked on the server); role 4 reads only',
  },
  'POST /api/invoices/pay': {
    spec: '001 §2.3 Billing (R-BILL-031); issue 38 finding 1 (Pay now on an overdue invoice)',
    tabs: ['invoiceList'],
    rule: 'issue 39: role 3 always, role 50 only while the tenant is held for card or plan (D-27, checked on the server); role 4 reads only',
  },
  'POST /api/tenant/pay-terms-accepted': {
    spec: '001 §7 Billing (R-BILL-005)',
    tabs: ['invoiceList'],
    rule: 'issue 39: role 3 always, role 50 only while the tenant is held for card or plan (D-27, checked on the server); role 4 reads only',
  },
  'POST /api/payments-sandbox/tokens': {
    spec: 'D-26 (the sandbox processor’s tokenization endpoint)',
    tabs: ['invoiceList'],
    rule: 'issue 39: role 3 always, role 50 only while the tenant is held for card or plan (D-27, checked on the server); role 4 reads only',
  },
  'POST /api/invoices/list': { spec: '001 §2.3, §7 Billing (R-BILL-032)', tabs: ['invoiceList'] },
  'GET /api/payments/viewfile': { spec: '001 §2.3, §7 Billing (R-BILL-029)', tabs: ['invoiceList'] },
  'POST /api/billing/get-customer-details': { spec: '001 §2.3, §7 Billing (R-BILL-018)', tabs: ['invoiceList'] },
  'POST /api/tenant/update-billing-details': {
    spec: '001 §2.3, §7 Billing (R-BILL-017)',
    tabs: ['invoiceList'],
    rule: 'issue 39: the tenant administrator (role 3) changes Billing Details; role 4 reads them',
  },
  'POST /api/case-id-config/list': {
    spec: '001 §2.4, §6, §7 Case codes; D-05',
    tabs: ['caseCodeConfig'],
    rule: 'plus role 2, which reads the list through the API (D-05)',
  },
  'POST /api/company/list': {
    spec: '001 §6, §7 Case codes (R-CASECODE-022); D-05',
    tabs: ['caseCodeConfig'],
    rule: 'roles other than 1 load the petitioner list (role 1 loads the customer list); role 2 gets an empty one',
  },
  'POST /api/case-id-config/create': { spec: '001 §2.4, §7 Case codes', tabs: ['caseCodeConfig'] },
  'POST /api/case-id-config/update': { spec: '001 §2.4, §7 Case codes', tabs: ['caseCodeConfig'] },
  'POST /api/case-id-config/delete': { spec: '001 §2.4, §7 Case codes', tabs: ['caseCodeConfig'] },
  'POST /api/case-id-config/details': { spec: '001 §2.4, §7 Case codes', tabs: ['caseCodeConfig'] },
  'POST /api/case-type-config/save-custom-code': {
    spec: '001 §2.4 (Custom Code popup), §7 Case-type configuration; D-23',
    tabs: ['questionnarie'],
  },
  'POST /api/cases/create': {
    spec: 'issue 5 (minimal cases for the case-ID generator, D-17)',
    rule: 'the tenant’s Admin and Branch Manager (3, 4)',
  },
  'POST /api/cases/form-editions': {
    spec: 'issue 21 (a case keeps the form editions it was opened with)',
    rule: 'the tenant’s Admin and Branch Manager (3, 4), like the cases themselves',
  },
  'POST /api/platform-library/forms/list': { spec: '000 §2 formsAndLetters; issue 21', tabs: ['formsAndLetters'] },
  'POST /api/platform-library/forms/save': { spec: '000 §2 formsAndLetters; issue 21', tabs: ['formsAndLetters'] },
  'POST /api/platform-library/forms/add-edition': {
    spec: '000 §2 formsAndLetters; issue 21',
    tabs: ['formsAndLetters'],
  },
  'GET /api/platform-library/forms/document': {
    spec: '001 §2.2 (Forms and Letters checklist, Download); issue 21',
    rule: 'every settings role: a tenant downloads the current edition of an entry its checklist offers',
  },
  'POST /api/platform-library/case-configs/list': {
    spec: '000 §2 petitionConfigList; issue 21',
    tabs: ['petitionConfigList'],
  },
  'POST /api/platform-library/case-configs/save': {
    spec: '000 §2 petitionConfigList; issue 21',
    tabs: ['petitionConfigList'],
  },
  'POST /api/platform-library/case-configs/delete': {
    spec: '000 §2 petitionConfigList; issue 21',
    tabs: ['petitionConfigList'],
  },
  'POST /api/case-catalogue/list': { spec: '000 §2 caseTypes; issue 21', tabs: ['caseTypes'] },
  'POST /api/case-catalogue/save-type': {
    spec: '000 §2 caseTypes; issue 21',
    rule: 'role 1 maintains the catalogue; role 2 reads it on the tab',
  },
  'POST /api/case-catalogue/save-sub-type': {
    spec: '000 §2 caseTypes; issue 21',
    rule: 'role 1 maintains the catalogue; role 2 reads it on the tab',
  },
  'POST /api/cases/list': {
    spec: 'issue 5 (minimal cases for the case-ID generator, D-17)',
    rule: 'the tenant’s Admin and Branch Manager (3, 4)',
  },
  'POST /api/cases/details': {
    spec: 'issue 34 (the case page (Overview))',
    rule: 'the tenant’s Admin and Branch Manager (3, 4), like the cases themselves',
  },
  'POST /api/cases/fact-options': {
    spec: 'issue 34 (the SOC code, service center and owner choices of the New case wizard, Overview and owner filter)',
    rule: 'the tenant’s Admin and Branch Manager (3, 4), like the cases themselves',
  },
  'POST /api/cases/update': {
    spec: 'issue 34 (Overview edits: facts, people, owner)',
    rule: 'the tenant’s Admin and Branch Manager (3, 4), like the cases themselves',
  },
  'POST /api/cases/link-account': {
    spec: 'issue 34 (the portal accounts that act on a case)',
    rule: 'the tenant’s Admin and Branch Manager (3, 4), like the cases themselves',
  },
  'POST /api/cases/invite-account': {
    spec: 'issue 35 item 1 (someone without an account: invited and linked to the case in one step)',
    rule: 'the tenant’s Admin and Branch Manager (3, 4), like the cases themselves',
  },
  'POST /api/cases/unlink-account': {
    spec: 'issue 34 (the portal accounts that act on a case)',
    rule: 'the tenant’s Admin and Branch Manager (3, 4), like the cases themselves',
  },
  'POST /api/cases/history': {
    spec: 'issue 34 (the History tab of the case page)',
    rule: 'the tenant’s Admin and Branch Manager (3, 4), like the cases themselves',
  },
  'POST /api/people/list': {
    spec: 'issue 34 (the people of the tenant’s cases)',
    rule: 'the tenant’s Admin and Branch Manager (3, 4), like the cases themselves',
  },
  'POST /api/people/details': {
    spec: 'issue 34 (the people of the tenant’s cases)',
    rule: 'the tenant’s Admin and Branch Manager (3, 4), like the cases themselves',
  },
  'POST /api/people/similar': {
    spec: 'issue 34 (a similar person is offered first)',
    rule: 'the tenant’s Admin and Branch Manager (3, 4), like the cases themselves',
  },
  'POST /api/people/create': {
    spec: 'issue 34 (the people of the tenant’s cases)',
    rule: 'the tenant’s Admin and Branch Manager (3, 4), like the cases themselves',
  },
  'POST /api/people/update': {
    spec: 'issue 34 (the people of the tenant’s cases)',
    rule: 'the tenant’s Admin and Branch Manager (3, 4), like the cases themselves',
  },
  'POST /api/cases/activities/list': {
    spec: 'issue 34 item 5 (the workflow runs: a case’s activities)',
    rule: 'the tenant’s Admin and Branch Manager (3, 4), who open the cases',
  },
  'POST /api/cases/activities/start': {
    spec: 'issue 34 item 5 (the workflow runs: a case’s activities)',
    rule: 'the tenant’s Admin and Branch Manager (3, 4), who open the cases',
  },
  'POST /api/cases/activities/act': {
    spec: 'issue 34 item 5 (the workflow runs: a case’s activities)',
    rule: 'the tenant’s Admin and Branch Manager (3, 4), who open the cases; then the activity’s editors (run-rules.ts)',
  },
  'POST /api/cases/activities/set-due': {
    spec: 'issue 34 (an activity’s due date, changed by whoever may act on it)',
    rule: 'the tenant’s Admin and Branch Manager (3, 4), who open the cases; then the activity’s editors (run-rules.ts)',
  },
  'POST /api/cases/documents/list': {
    spec: 'issue 34 item 4 (the case page: its Documents, uploaded and filled letters)',
    rule: 'the tenant’s Admin and Branch Manager (3, 4), who open the cases',
  },
  'POST /api/cases/documents/upload': {
    spec: 'issue 34 item 4 (the case page: its Documents, uploaded and filled letters)',
    rule: 'the tenant’s Admin and Branch Manager (3, 4), who open the cases',
  },
  'POST /api/cases/documents/download': {
    spec: 'issue 34 item 4 (the case page: its Documents, uploaded and filled letters)',
    rule: 'the tenant’s Admin and Branch Manager (3, 4), who open the cases',
  },
  'POST /api/cases/documents/delete': {
    spec: 'issue 34 item 4 (the case page: its Documents, uploaded and filled letters)',
    rule: 'the tenant’s Admin and Branch Manager (3, 4), who open the cases',
  },
  'POST /api/cases/invoices/list': {
    spec: 'issue 34 item 5 (CREATE_INVOICE issues the case’s invoice; the Fees tab lists them)',
    rule: 'the tenant’s Admin and Branch Manager (3, 4), who open the cases',
  },
  'POST /api/cases/invoices/pdf': {
    spec: 'issue 34 item 5 (a case invoice’s PDF, rendered from the stored invoice)',
    rule: 'the tenant’s Admin and Branch Manager (3, 4), who open the cases',
  },
  'POST /api/my-cases/list': {
    spec: 'issue 35 item 1 (My cases: the cases the people outside the firm are linked to)',
    rule: 'the people outside the firm (11, 12, 50, 51), each to the cases linked to them (no tab: their own page)',
  },
  'POST /api/my-cases/details': {
    spec: 'issue 35 item 1 (one of My cases: what waits on them, the invoices addressed to them)',
    rule: 'the people outside the firm (11, 12, 50, 51), each to the cases linked to them (no tab: their own page)',
  },
  'POST /api/my-cases/invoice-pdf': {
    spec: 'issue 35 item 1 (an invoice the firm addressed to them)',
    rule: 'the people outside the firm (11, 12, 50, 51): the petitioner contact or beneficiary it is addressed to',
  },
  'POST /api/cases/envelopes/list': {
    spec: 'issue 35 item 3 (a case’s envelopes: documents sent for signature)',
    rule: 'the tenant’s Admin and Branch Manager (3, 4), who open the cases',
  },
  'POST /api/cases/envelopes/send': {
    spec: 'issue 35 item 3 (send a prepared e-sign template to the case’s people, in order)',
    rule: 'the tenant’s Admin and Branch Manager (3, 4), who open the cases',
  },
  'POST /api/cases/envelopes/send-document': {
    spec: 'issue 35 item 3 (send a filled letter or another PDF of the case, with a page of signatures, in order)',
    rule: 'the tenant’s Admin and Branch Manager (3, 4), who open the cases',
  },
  'POST /api/cases/envelopes/cancel': {
    spec: 'issue 35 item 3 (cancel an envelope before it is signed)',
    rule: 'the tenant’s Admin and Branch Manager (3, 4), who open the cases',
  },
  'POST /api/cases/envelopes/download': {
    spec: 'issue 35 item 3 (the signed PDF, or the one sent)',
    rule: 'the tenant’s Admin and Branch Manager (3, 4), who open the cases',
  },
  'POST /api/signing/list': {
    spec: 'issue 35 item 3 (To sign)',
    rule: 'the firm’s attorneys (5) and the people outside the firm (11, 12, 50, 51), each to the envelopes naming them',
  },
  'POST /api/signing/document': {
    spec: 'issue 35 item 3 (review the document: viewed)',
    rule: 'the firm’s attorneys (5) and the people outside the firm (11, 12, 50, 51), each to the envelopes naming them',
  },
  'POST /api/signing/sign': {
    spec: 'issue 35 item 3 (sign in place)',
    rule: 'the firm’s attorneys (5) and the people outside the firm (11, 12, 50, 51), each to the envelopes naming them',
  },
  'POST /api/signing/decline': {
    spec: 'issue 35 item 3 (decline with a reason)',
    rule: 'the firm’s attorneys (5) and the people outside the firm (11, 12, 50, 51), each to the envelopes naming them',
  },
  'POST /api/cases/questionnaire/status': {
    spec: 'issue 35 item 2 (the case’s questionnaire: who answers, the answers beside the facts)',
    rule: 'the tenant’s Admin and Branch Manager (3, 4), who open the cases',
  },
  'POST /api/cases/questionnaire/send': {
    spec: 'issue 35 item 2 (send the pinned questionnaire version to the person of its audience)',
    rule: 'the tenant’s Admin and Branch Manager (3, 4), who open the cases',
  },
  'POST /api/cases/questionnaire/review': {
    spec: 'issue 35 item 2 (accept the answers, or send them back with a comment)',
    rule: 'the tenant’s Admin and Branch Manager (3, 4), who open the cases',
  },
  'POST /api/answering/list': {
    spec: 'issue 35 item 2 (the questionnaires to answer)',
    rule: 'the people outside the firm (11, 12, 50, 51), each to the questionnaires sent to them',
  },
  'POST /api/answering/open': {
    spec: 'issue 35 item 2 (open a questionnaire with its saved answers)',
    rule: 'the people outside the firm (11, 12, 50, 51), each to the questionnaires sent to them',
  },
  'POST /api/answering/save': {
    spec: 'issue 35 item 2 (save a draft)',
    rule: 'the people outside the firm (11, 12, 50, 51), each to the questionnaires sent to them',
  },
  'POST /api/answering/submit': {
    spec: 'issue 35 item 2 (submit: the answers fill the case’s facts)',
    rule: 'the people outside the firm (11, 12, 50, 51), each to the questionnaires sent to them',
  },
  'POST /api/answering/upload': {
    spec: 'issue 35 item 2 (upload a document the questionnaire asks for, checked by content)',
    rule: 'the people outside the firm (11, 12, 50, 51), each to the questionnaires sent to them',
  },
  'POST /api/petition-config/list': {
    spec: '001 §7 Case-type configuration and Case codes (R-CASECODE-024); D-05',
    tabs: ['questionnarie', 'caseCodeConfig'],
    rule: 'plus role 2, which filters the case-code list by tenantCustomId (001 §6, D-05)',
  },
  'POST /api/petition-config/manage-case-types': {
    spec: '001 §2.2, §7 Case-type configuration',
    tabs: ['questionnarie'],
  },
  'POST /api/petition-config/manage-case-sub-types': {
    spec: '001 §2.2, §7 Case-type configuration',
    tabs: ['questionnarie'],
  },
  'POST /api/petition-config/create': {
    spec: '001 §2.2, §7 Case-type configuration; 000 §2 petitionConfigList; issue 21',
    tabs: ['questionnarie', 'petitionConfigList'],
    rule: 'role 1 edits the tenant it names on the platform Case Configuration tab; role 2 only reads it there',
  },
  'POST /api/petition-config/update': {
    spec: '001 §2.2, §7 Case-type configuration; 000 §2 petitionConfigList; issue 21',
    tabs: ['questionnarie', 'petitionConfigList'],
    rule: 'role 1 edits the tenant it names on the platform Case Configuration tab; role 2 only reads it there',
  },
  'POST /api/questionnaire/list': { spec: '001 §2.2, §7 Case-type configuration', tabs: ['questionnarie'] },
  'POST /api/questionnaire/preview': {
    spec: '001 §2.2 Case-type configuration (Preview link, R-CASETYPE-007); issue 21',
    tabs: ['questionnarie'],
  },
  'POST /api/questionnaire-template/list': {
    spec: '000 §2 Questionnaire Templates (R-SHELL-029); issue 21',
    tabs: ['questionnaireTemplateList'],
  },
  'POST /api/questionnaire-template/details': {
    spec: '000 §2 Questionnaire Templates (R-SHELL-029); issue 21',
    tabs: ['questionnaireTemplateList'],
  },
  'POST /api/questionnaire-template/version': {
    spec: '000 §2 Questionnaire Templates (R-SHELL-029); 001 §2.2 Preview link (R-CASETYPE-007) of the platform Case Configuration’s questionnaire picker (000 §2 petitionConfigList); issue 21',
    tabs: ['questionnaireTemplateList', 'petitionConfigList'],
  },
  'POST /api/questionnaire-template/create': {
    spec: '000 §2 Questionnaire Templates (R-SHELL-029); issue 21',
    tabs: ['questionnaireTemplateList'],
  },
  'POST /api/questionnaire-template/save-draft': {
    spec: '000 §2 Questionnaire Templates (R-SHELL-029); issue 21',
    tabs: ['questionnaireTemplateList'],
  },
  'POST /api/questionnaire-template/publish': {
    spec: '000 §2 Questionnaire Templates (R-SHELL-029); issue 21',
    tabs: ['questionnaireTemplateList'],
  },
  'POST /api/form-letter/list': {
    spec: '001 §2.2, §7 Case-type configuration (R-CASETYPE-014); 002 §7.4 Letters and headers; issue 21',
    tabs: ['questionnarie', 'lettersTemplate', 'headerTemplate', 'petitionConfigList'],
    rule: 'plus role 1 reading the checklist of the tenant it names (platform Case Configuration); not role 2',
  },
  'POST /api/form-letter/delete': {
    spec: '002 §2.4, §7.4 Letters (R-LETTER-006); D-06',
    tabs: ['lettersTemplate'],
  },
  'POST /api/form-letter/create': {
    spec: '002 §4.4, §4.5, §7.4 Letters and headers (R-LETTER-010)',
    tabs: ['lettersTemplate', 'headerTemplate'],
  },
  'POST /api/form-letter/update': {
    spec: '002 §4.4, §7.4 Letters and headers (R-LETTER-011)',
    tabs: ['lettersTemplate', 'headerTemplate'],
  },
  'POST /api/form-letter/fill': {
    spec: 'issue 20: a letter filled for a case (Download)',
    tabs: ['lettersTemplate', 'headerTemplate'],
  },
  'POST /api/form-letter/capabilities': {
    spec: 'issue 20: whether the filled letter can also be a PDF (LibreOffice on the server)',
    tabs: ['lettersTemplate', 'headerTemplate'],
  },
  'POST /api/invoices/get-case-type-filing-fee-categories': {
    spec: '002 §2.3, §3.3, §6, §7.2 Filing fees (R-FEE-013, R-FEE-021..023); D-04',
    tabs: ['fillingFeeSettings'],
    rule: 'D-04: role 50 also reads the fee catalogue, narrowed by 002 §6 (R-FEE-021/022); law firms only',
  },
  'POST /api/invoices/save-case-type-filing-fee-categories': {
    spec: '002 §2.3, §4.2, §5.2, §7.2 Filing fees (R-FEE-024); D-21',
    tabs: ['fillingFeeSettings'],
  },
  'POST /api/invoices/case-fee-estimate': {
    spec: 'issue 18, 34 (the case page fee estimate: fees in force on its filing date, the conditions of its facts)',
    rule: 'who opens cases: the tenant’s Admin and Branch Manager (3, 4), as /api/cases/list',
  },
  'POST /api/invoices/filing-fee-version-impact': {
    spec: '002 §7.2; issue 36 (a version dated in the past asks which open cases it changes)',
    tabs: ['fillingFeeSettings'],
  },
  'POST /api/platform/fee-schedules/list': {
    spec: '002 §3.3; issue 36 (platform fee schedule versions)',
    rule: 'the platform administrator (1, 2): the platform schedule is platform data',
  },
  'POST /api/platform/fee-schedules/set-line-end': {
    spec: '002 §3.3; issue 36 (a dated fee line ends on the day the platform administrator sets)',
    rule: 'the platform administrator (1, 2): the platform schedule is platform data',
  },
  'POST /api/platform/fee-schedules/publish': {
    spec: '002 §3.3; issue 36 (the platform administrator publishes a schedule version with its first day)',
    rule: 'the platform administrator (1, 2): the platform schedule is platform data',
  },
  'POST /api/platform/fee-schedules/withdraw': {
    spec: '002 §3.3; issue 36 (an upcoming published schedule version is withdrawn)',
    rule: 'the platform administrator (1, 2): the platform schedule is platform data',
  },
  'POST /api/platform/fee-schedules/compare': {
    spec: '002 §3.3; issue 36 (what changes between two schedule versions)',
    rule: 'the platform administrator (1, 2): the platform schedule is platform data',
  },
  'POST /api/invoices/case-fee-estimate-pdf': {
    spec: 'issue 36 (a case estimate printed for the client: each line, its source, version and condition)',
    rule: 'who opens cases: the tenant’s Admin and Branch Manager (3, 4), as /api/cases/list',
  },
  'POST /api/invoices/withdraw-filing-fee-version': {
    spec: '002 §7.2; issue 36 (a firm version that has not started yet is withdrawn)',
    tabs: ['fillingFeeSettings'],
  },
  'POST /api/global-config/details': { spec: '002 §7.1 (R-REM-075)', tabs: ['configReminders'] },
  'POST /api/global-config/create': { spec: '002 §4.1, §7.1 (R-REM-029)', tabs: ['configReminders'] },
  'POST /api/global-config/update': { spec: '002 §4.1, §7.1 (R-REM-029)', tabs: ['configReminders'] },
  'POST /api/cap-registrations/get-season-year-list': { spec: '002 §7.1; D-22', tabs: ['configReminders'] },
  'POST /api/reminders/case': {
    spec: 'issue 34 (the case page Reminders tab: the next 60 days of one case and who receives them)',
    rule: 'who opens cases: the tenant’s Admin and Branch Manager (3, 4), as /api/cases/list',
  },
  'POST /api/reminders/preview': {
    spec: 'issue 17 (the preview timeline of the Reminders screen)',
    tabs: ['configReminders'],
  },
  'POST /api/reminders/bell-count': {
    spec: 'issue 17 (the in-app bell)',
    rule: 'every signed-in user: their own reminders (none for platform roles)',
  },
  'POST /api/reminders/bell-list': {
    spec: 'issue 17 (the in-app bell)',
    rule: 'every signed-in user: their own reminders (none for platform roles)',
  },
  'POST /api/reminders/mark-read': {
    spec: 'issue 17 (the in-app bell)',
    rule: 'every signed-in user: their own reminders (none for platform roles)',
  },
  'POST /api/accounting/settings': { spec: '000 §2 (R-SHELL-026); issue 21', tabs: ['quickbooksSettings'] },
  'POST /api/accounting/save-settings': { spec: '000 §2 (R-SHELL-026); issue 21', tabs: ['quickbooksSettings'] },
  'POST /api/accounting/export': { spec: '000 §2 (R-SHELL-026); issue 21', tabs: ['quickbooksSettings'] },
  'POST /api/message-label/list': { spec: '001 §2.7, §7 Labels; 002 §7.1', tabs: ['labelsList'] },
  'POST /api/message-label/create': { spec: '001 §2.7 Labels; D-06, D-20', tabs: ['labelsList'] },
  'POST /api/message-label/update': { spec: '001 §2.7 Labels; D-06, D-20', tabs: ['labelsList'] },
  'POST /api/pdf-sign/get-tpl-prepare-iframe-url': {
    spec: '002 §2.6-2.8 (Document preview), §7.5',
    tabs: ['SignDocumentTemplates', 'contractTemplates', 'agreements'],
  },
  'POST /api/pdf-sign/esign-template-list': { spec: '002 §2.6, §7.5 E-sign', tabs: ['SignDocumentTemplates'] },
  'POST /api/pdf-sign/save-esign-template': templateChange('002 §2.6, §7.5 E-sign', 'SignDocumentTemplates'),
  'POST /api/pdf-sign/update-esign-template': templateChange('002 §2.6, §7.5 E-sign', 'SignDocumentTemplates'),
  'POST /api/pdf-sign/delete-esign-template': templateChange('002 §2.6, §7.5 E-sign', 'SignDocumentTemplates'),
  'POST /api/pdf-sign/template-fields': {
    spec: '002 §2.6, §7.5 E-sign (R-ESIGN-011 preparation page, issue 20)',
    tabs: ['SignDocumentTemplates'],
  },
  'POST /api/pdf-sign/save-template-fields': templateChange(
    '002 §2.6, §7.5 E-sign (R-ESIGN-011 preparation page, issue 20)',
    'SignDocumentTemplates',
  ),
  'GET /api/pdf-sign/flattened-preview': {
    spec: '002 §2.6, §7.5 E-sign (R-ESIGN-011 flattened preview, issue 20)',
    tabs: ['SignDocumentTemplates'],
  },
  'POST /api/contract-template/list': { spec: '002 §2.7, §7.6 Contract templates', tabs: ['contractTemplates'] },
  'POST /api/contract-template/create': templateChange('002 §2.7, §7.6 Contract templates', 'contractTemplates'),
  'POST /api/contract-template/update': templateChange('002 §2.7, §7.6 Contract templates', 'contractTemplates'),
  'POST /api/contract-template/delete': templateChange('002 §2.7, §7.6 Contract templates', 'contractTemplates'),
  'POST /api/agreement/list': { spec: '002 §2.8, §7.7 Agreements', tabs: ['agreements'] },
  'POST /api/agreement/create': templateChange('002 §2.8, §7.7 Agreements', 'agreements'),
  'POST /api/agreement/update': templateChange('002 §2.8, §7.7 Agreements', 'agreements'),
  'POST /api/agreement/delete': templateChange('002 §2.8, §7.7 Agreements', 'agreements'),
  'POST /api/service-centers/list': { spec: '001 §2.6, §7 Service centers', tabs: ['servicesCenters'] },
  'POST /api/service-centers/create': { spec: '001 §2.6, §7 Service centers', tabs: ['servicesCenters'] },
  'POST /api/service-centers/update': { spec: '001 §2.6, §6, §7 Service centers', tabs: ['servicesCenters'] },
  'POST /api/service-centers/delete': { spec: '001 §2.6, §6, §7 Service centers', tabs: ['servicesCenters'] },
  'POST /api/service-centers/details': { spec: '001 §2.6, §7 Service centers', tabs: ['servicesCenters'] },
  'POST /api/tracking/courierlist': { spec: '001 §7 Service centers; 002 §7.1', tabs: ['servicesCenters'] },
  'POST /api/soc-code-config/list': { spec: '001 §2.5, §7 SOC', tabs: ['socSettings'] },
  'POST /api/soc-code-config/add-soc-code': { spec: '001 §2.5, §7 SOC', tabs: ['socSettings'] },
  'POST /api/soc-code-config/update': { spec: '001 §2.5, §7 SOC', tabs: ['socSettings'] },
  'POST /api/soc-code-config/manage-status': { spec: '001 §2.5, §4, §7 SOC', tabs: ['socSettings'] },
  'POST /api/soc-code-config/update-documents': { spec: '001 §2.5, §7 SOC', tabs: ['socSettings'] },
  'POST /api/soc-code-config/details': { spec: '001 §2.5, §7 SOC', tabs: ['socSettings'] },
  'POST /api/messages/list': { spec: '001 §7 SOC (R-SOC-037)', tabs: ['socSettings'] },
  'POST /api/users/list': { spec: '000 §2 users (R-SHELL-039, R-ROLE-007); 001 §6', tabs: ['users'] },
  'POST /api/users/invite': { spec: '000 §2 users (R-SHELL-039); 001 §6 allowed roles', tabs: ['users'] },
  'POST /api/users/update': { spec: '000 §2 users (R-SHELL-039); 001 §6 allowed roles', tabs: ['users'] },
  'POST /api/users/manage-status': { spec: '000 §2 users (R-SHELL-039); SECURITY 9', tabs: ['users'] },
  'POST /api/users/send-link': { spec: '000 §2 users (R-SHELL-039); SECURITY 7', tabs: ['users'] },
  'POST /api/branches/list': {
    spec: '000 §2 branchList (Branches); issue 16',
    tabs: ['branchList'],
    rule: 'roles 3 and 4; a branch manager sees their own branch only',
  },
  'POST /api/branches/create': {
    spec: '000 §2 branchCreate (Branches); issue 16',
    tabs: ['branchCreate'],
    rule: 'roles 3 and 4 pass the tab; the service lets only the administrator (3) create',
  },
  'POST /api/branches/details': {
    spec: '000 §2 branchDetails (Branches); issue 16',
    tabs: ['branchDetails'],
    rule: 'roles 3 and 4; a branch manager opens their own branch only',
  },
  'POST /api/branches/update': {
    spec: '000 §2 branchDetails (Branches); issue 16',
    tabs: ['branchDetails'],
    rule: 'role 3 any branch; role 4 their own, without changing its manager',
  },
  'POST /api/mail-outbox/list': {
    spec: 'Issue 16 (invitations without a mail transport)',
    tabs: ['users'],
    rule: 'each admin reads the mail their own actions wrote: roles 3 and 4 (users), role 1 (tenant invitations)',
  },
  'POST /api/users/update-own-profile': {
    spec: 'Issue 16 (a user’s own profile)',
    rule: 'every signed-in user: their own name',
  },
  'POST /api/auth/mfa/verify': {
    spec: 'Issue 16 (two-factor sign-in); SECURITY 8, 12',
    rule: 'public: the password step’s challenge is the credential; throttled like login',
  },
  'POST /api/auth/mfa/enrol-start': {
    spec: 'Issue 16 (two-factor sign-in); SECURITY 12',
    rule: 'public: the password step’s challenge is the credential',
  },
  'POST /api/auth/mfa/enrol-confirm': {
    spec: 'Issue 16 (two-factor sign-in); SECURITY 8, 12',
    rule: 'public: the password step’s challenge is the credential; throttled like login',
  },
  'POST /api/auth/mfa/status': {
    spec: 'Issue 38 finding 5 (My Profile: one’s own two-factor sign-in)',
    rule: 'every signed-in user: their own two-factor state',
  },
  'POST /api/auth/mfa/self-challenge': {
    spec: 'Issue 38 finding 5 (My Profile: one’s own two-factor sign-in); SECURITY 8, 12',
    rule: 'every signed-in user: their own password again, throttled like login',
  },
  'POST /api/auth/mfa/recovery-codes': {
    spec: 'Issue 38 finding 5 (My Profile: new recovery codes); SECURITY 8, 12',
    rule: 'every signed-in user: their own challenge and a code, throttled like the second step',
  },
  'POST /api/users/mfa-settings': {
    spec: 'Issue 16; 002 §3.1 mfaRequired / mfaConfig (the tenant’s copy until issue 17)',
    tabs: ['usersRoles'],
    rule: 'the tenant’s administrator (3)',
  },
  'POST /api/users/update-mfa-settings': {
    spec: 'Issue 16; 002 §3.1 mfaRequired / mfaConfig (the tenant’s copy until issue 17)',
    tabs: ['usersRoles'],
    rule: 'the tenant’s administrator (3)',
  },
  'POST /api/users/reset-mfa': {
    spec: '000 §2 users (R-SHELL-039); issue 16 (an admin resets a second factor)',
    tabs: ['users'],
  },
  'POST /api/audit/list': {
    spec: 'Issue 16 (every change audited and visible to the tenant’s admin); ARCHITECTURE §7',
    tabs: ['usersRoles'],
    rule: 'the tenant’s administrator (3): their tenant’s rows only',
  },
  'POST /api/audit/entities': {
    spec: 'Issue 16 (every change audited and visible to the tenant’s admin); ARCHITECTURE §7',
    tabs: ['usersRoles'],
    rule: 'the tenant’s administrator (3): their tenant’s rows only',
  },
  'POST /api/users/link-info': {
    spec: 'Issue 16 (invitation and reset links); SECURITY 7, 8',
    rule: 'public: the link’s token is the credential; throttled like login',
  },
  'POST /api/users/accept-link': {
    spec: 'Issue 16 (invitation and reset links); SECURITY 7, 8',
    rule: 'public: the link’s token is the credential; throttled like login',
  },
  'GET /api/docs': { spec: 'ARCHITECTURE (stack); D-06 (every path in OpenAPI)', rule: 'public: no data' },
  'GET /api/docs/json': { spec: 'ARCHITECTURE (stack); D-06 (every path in OpenAPI)', rule: 'public: no data' },
  'GET /api/docs/yaml': { spec: 'ARCHITECTURE (stack); D-06 (every path in OpenAPI)', rule: 'public: no data' },
  'GET /api/docs/static/index.html': { spec: 'ARCHITECTURE (stack); D-06', rule: 'public: no data' },
  'GET /api/docs/static/swagger-initializer.js': { spec: 'ARCHITECTURE (stack); D-06', rule: 'public: no data' },
  'GET /api/docs/static/*': { spec: 'ARCHITECTURE (stack); D-06', rule: 'public: no data' },
} as const satisfies Record<RouteKey, RouteSpec>;

export const routeSpecOf = (key: string): RouteSpec | undefined => (ROUTE_SPECS as Record<string, RouteSpec>)[key];
