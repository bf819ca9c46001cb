import { findTab, type TabKey } from '../settings/tabs';
import { TEMPLATE_EDITOR_ROLES } from '../templates/contracts';
import type { RoleId, TenantTypeId } from './roles';

/**
 * The one permission matrix (ARCHITECTURE §4, SECURITY 1, D-02): every registered route has an entry,
 * deny by default. An endpoint behind a settings tab allows exactly the roles that may open that tab's
 * content (and the tenant types the tab exists for).
 */
export type Permission =
  | { kind: 'public' }
  | { kind: 'authenticated' }
  | { kind: 'roles'; roles: readonly RoleId[]; tenantTypes?: readonly TenantTypeId[]; tab?: TabKey };

const PUBLIC: Permission = { kind: 'public' };
const ANY_USER: Permission = { kind: 'authenticated' };
const roles = (...r: RoleId[]): Permission => ({ kind: 'roles', roles: r });
const behindTab = (key: TabKey): Permission => {
  const tab = findTab(key);
  if (!tab) throw new Error(`unknown tab ${key}`);
  return { kind: 'roles', roles: tab.contentRoles, tenantTypes: tab.tenantTypes, tab: key };
};
/**
 * R-LIST-012: a template list's changes are for the roles that see Add, among those who open the list (a
 * subset of the tab's roles, so no `tab`: that marks an entry holding exactly the tab's roles).
 */
const templateEditors = (key: TabKey): Permission => {
  const { roles: tabRoles, tenantTypes } = behindTab(key) as Extract<Permission, { kind: 'roles' }>;
  const editors: readonly RoleId[] = TEMPLATE_EDITOR_ROLES;
  return { kind: 'roles', roles: tabRoles.filter((r) => editors.includes(r)), tenantTypes };
};

export const PERMISSIONS = {
  'GET /api/health': PUBLIC,
  'POST /api/auth/login': PUBLIC,
  'POST /api/auth/logout': PUBLIC,
  'GET /api/auth/me': ANY_USER,
  'POST /api/auth/session': PUBLIC,
  'POST /api/auth/change-password': ANY_USER,
  'POST /api/masterdata/list': ANY_USER,
  'POST /api/common/upload': ANY_USER,
  'GET /api/common/viewfile': ANY_USER,
  // R-SHELL-044: loaded on tab activation by the tenant's own users; role 12/50 read their company.
  'POST /api/tenant/details': roles(1, 2, 3, 4, 12, 50),
  'POST /api/tenant/list': roles(1, 2),
  // Issue 16: the platform admin creates tenants (and their first admin), suspends and reactivates them.
  'POST /api/tenant/create': roles(1),
  'POST /api/tenant/manage-status': roles(1),
  // D-01: first-time setup is the tenant's own (roles 3 and 4 walk it; roles 1 and 2 have no tenant).
  'POST /api/tenant/setup-progress': roles(3, 4),
  // Profile area (000 §6): only role 3 edits the tenant profile; E-Verify for petitioner companies only.
  'POST /api/tenant/update-profile': behindTab('profile'),
  'POST /api/tenant/update-everify-client-id': { kind: 'roles', roles: [3], tenantTypes: [2] },
  // R-PROFILE-036: role 12 saves logo and address to the company data, which is the tenant only in a petitioner
  // company (issue 25, finding 5: a law firm's role 12 could rewrite the firm's logo and address).
  'POST /api/tenant/update-company-data': { kind: 'roles', roles: [12], tenantTypes: [2] },
  'POST /api/tenant/delete-document': roles(3, 12, 50),
  // D-04: role 50's petitioner profile screen.
  'POST /api/petitioner/details': roles(50),
  'POST /api/petitioner/update-profile': roles(50),
  // R-SHELL-045: the workflow tab reads its default workflow's flags.
  'POST /api/workflow/details': behindTab('workflow'),
  // Workflows area (001 §7, D-06). Create and clone need a tenant: role 1 picks the Customer (R-WF-011/012),
  // roles 3 and 4 use their own; role 2 has neither, so it lists, reviews and edits but does not create.
  'POST /api/workflow/list': behindTab('workflow'),
  'POST /api/workflow/create': roles(1, 3, 4),
  'POST /api/workflow/clone': roles(1, 3, 4),
  'POST /api/workflow/update': behindTab('workflow'),
  'POST /api/workflow/manage-active-status': behindTab('workflow'),
  'POST /api/workflow/delete': behindTab('workflow'),
  'POST /api/workflow/activity-codes': behindTab('workflow'),
  'POST /api/workflow/config-save': behindTab('workflow'),
  'POST /api/workflow/config-update': behindTab('workflow'),
  // R-SHELL-047: roles 3 and 4 load the current plan; role 50 is held for card/plan too (D-27).
  'POST /api/billing/selected-plan': roles(3, 4, 50),
  // R-BILL-019, D-26, D-27: the card section and the plans of the Billing & Payments tab (roles 3 and 4), and of
  // the 'Plan & payment' step where roles 3 and 50 leave the card/plan hold.
  'POST /api/subscription/plans': roles(3, 4, 50),
  'POST /api/subscription/cards': roles(3, 4, 50),
  // Issue 39: the writes are role 3's, and role 50's while the tenant is held (billing/access.ts checks the
  // state on the server); role 4 reads the plan and card but does not change them.
  'POST /api/subscription/attach-payment-method': roles(3, 50),
  'POST /api/subscription/validate-coupon': roles(3, 4, 50),
  'POST /api/subscription/subscribe': roles(3, 50),
  // Issue 38 finding 1: the plan change's confirmation (what subscribe would charge) and Pay now on an unpaid
  // invoice are the writers' (the same state check on the server).
  'POST /api/subscription/preview-change': roles(3, 50),
  'POST /api/invoices/pay': roles(3, 50),
  'POST /api/tenant/pay-terms-accepted': roles(3, 50),
  'POST /api/payments-sandbox/tokens': roles(3, 50),
  // R-BILL-032, R-BILL-029: the invoice list and its downloads belong to the Billing & Payments tab.
  'POST /api/invoices/list': behindTab('invoiceList'),
  'GET /api/payments/viewfile': behindTab('invoiceList'),
  // R-BILL-017/018: the Billing Details panel of the same tab.
  'POST /api/billing/get-customer-details': behindTab('invoiceList'),
  // Issue 39: Billing Details are changed by the tenant's administrator only (role 4 reads them).
  'POST /api/tenant/update-billing-details': roles(3),
  // Case code configuration (001 §7): the tab's roles; role 2 may read the list too (D-05).
  'POST /api/case-id-config/list': roles(1, 2, 3, 4),
  // R-CASECODE-022: roles other than 1 on the case-code screens load the petitioner list.
  'POST /api/company/list': roles(2, 3, 4),
  'POST /api/case-id-config/create': behindTab('caseCodeConfig'),
  'POST /api/case-id-config/update': behindTab('caseCodeConfig'),
  'POST /api/case-id-config/delete': behindTab('caseCodeConfig'),
  'POST /api/case-id-config/details': behindTab('caseCodeConfig'),
  // D-23: a tenant's custom case codes; a platform user has no tenant to save them for.
  'POST /api/case-type-config/save-custom-code': roles(3, 4),
  // Minimal cases (issue 5): a tenant's Admin and Branch Manager open cases.
  'POST /api/cases/create': roles(3, 4),
  // Issue 21: the form editions a case was opened with.
  'POST /api/cases/form-editions': roles(3, 4),
  // Issue 21: the platform library (Forms and Letters, Case Configuration) is the platform's; a tenant reads
  // only what its checklist offers (form-letter/list) and downloads an offered entry's document.
  'POST /api/platform-library/forms/list': behindTab('formsAndLetters'),
  'POST /api/platform-library/forms/save': behindTab('formsAndLetters'),
  'POST /api/platform-library/forms/add-edition': behindTab('formsAndLetters'),
  'GET /api/platform-library/forms/document': roles(1, 2, 3, 4),
  'POST /api/platform-library/case-configs/list': behindTab('petitionConfigList'),
  'POST /api/platform-library/case-configs/save': behindTab('petitionConfigList'),
  'POST /api/platform-library/case-configs/delete': behindTab('petitionConfigList'),
  // Issue 21: the case-type catalogue: every settings role reads it on the Case Types tab, role 1 changes it.
  'POST /api/case-catalogue/list': behindTab('caseTypes'),
  'POST /api/case-catalogue/save-type': roles(1),
  'POST /api/case-catalogue/save-sub-type': roles(1),
  'POST /api/cases/list': roles(3, 4),
  // Issue 34: the case page and the people of the tenant's cases, for those who open cases.
  'POST /api/cases/details': roles(3, 4),
  'POST /api/cases/update': roles(3, 4),
  // Issue 34: the SOC code, service center and owner choices of the case forms (no settings tab needed).
  'POST /api/cases/fact-options': roles(3, 4),
  'POST /api/cases/link-account': roles(3, 4),
  'POST /api/cases/invite-account': roles(3, 4),
  'POST /api/cases/unlink-account': roles(3, 4),
  'POST /api/cases/history': roles(3, 4),
  'POST /api/people/list': roles(3, 4),
  'POST /api/people/details': roles(3, 4),
  'POST /api/people/similar': roles(3, 4),
  'POST /api/people/create': roles(3, 4),
  'POST /api/people/update': roles(3, 4),
  // Issue 34 item 5: the workflow run of a case (its Activities), for whoever opens cases.
  'POST /api/cases/activities/list': roles(3, 4),
  'POST /api/cases/activities/start': roles(3, 4),
  'POST /api/cases/activities/act': roles(3, 4),
  // Issue 34 item 4: a case's documents (uploads and filled letters), for whoever opens cases.
  'POST /api/cases/documents/list': roles(3, 4),
  'POST /api/cases/documents/upload': roles(3, 4),
  'POST /api/cases/documents/download': roles(3, 4),
  'POST /api/cases/documents/delete': roles(3, 4),
  // Issue 34 item 5: a case's invoices (issued by CREATE_INVOICE) and their PDFs, for whoever opens cases.
  'POST /api/cases/invoices/list': roles(3, 4),
  'POST /api/cases/invoices/pdf': roles(3, 4),
  // Issue 35 item 1: 'My cases' of the people outside the firm: the cases linked to them (case_accounts).
  'POST /api/my-cases/list': roles(11, 12, 50, 51),
  'POST /api/my-cases/details': roles(11, 12, 50, 51),
  'POST /api/my-cases/invoice-pdf': roles(11, 12, 50, 51),
  // Issue 35 item 3: documents signed. The firm sends and follows a case's envelopes; its people sign them.
  'POST /api/cases/envelopes/list': roles(3, 4),
  'POST /api/cases/envelopes/send': roles(3, 4),
  'POST /api/cases/envelopes/send-document': roles(3, 4),
  'POST /api/cases/envelopes/cancel': roles(3, 4),
  'POST /api/cases/envelopes/download': roles(3, 4),
  'POST /api/signing/list': roles(5, 11, 12, 50, 51),
  'POST /api/signing/document': roles(5, 11, 12, 50, 51),
  'POST /api/signing/sign': roles(5, 11, 12, 50, 51),
  'POST /api/signing/decline': roles(5, 11, 12, 50, 51),
  'POST /api/cases/questionnaire/status': roles(3, 4),
  'POST /api/cases/questionnaire/send': roles(3, 4),
  'POST /api/cases/questionnaire/review': roles(3, 4),
  'POST /api/answering/list': roles(11, 12, 50, 51),
  'POST /api/answering/open': roles(11, 12, 50, 51),
  'POST /api/answering/save': roles(11, 12, 50, 51),
  'POST /api/answering/submit': roles(11, 12, 50, 51),
  'POST /api/answering/upload': roles(11, 12, 50, 51),
  // Issue 34: an open activity's due date; within roles 3 and 4, who may act on the activity (run-rules.ts).
  'POST /api/cases/activities/set-due': roles(3, 4),
  // Case-type configuration (001 §7): the Case Configuration tab (roles 3 and 4). The list also feeds the
  // Case Code Configuration form (R-CASECODE-024), which roles 1 and 2 open too.
  'POST /api/petition-config/list': roles(1, 2, 3, 4),
  'POST /api/petition-config/manage-case-types': behindTab('questionnarie'),
  'POST /api/petition-config/manage-case-sub-types': behindTab('questionnarie'),
  // Issue 21: role 1 also edits a tenant's configuration from the platform's Case Configuration tab
  // (petitionConfigList), naming the tenant (D-02); role 2 reads it there.
  'POST /api/petition-config/create': roles(1, 3, 4),
  'POST /api/petition-config/update': roles(1, 3, 4),
  'POST /api/questionnaire/list': behindTab('questionnarie'),
  'POST /api/questionnaire/preview': behindTab('questionnarie'),
  // Issue 21: the platform's questionnaire library (Questionnaire Templates, role 1 only: builds, publishes).
  'POST /api/questionnaire-template/list': behindTab('questionnaireTemplateList'),
  'POST /api/questionnaire-template/details': behindTab('questionnaireTemplateList'),
  // Role 2 reads a version too: the Preview of the questionnaire picker on the platform's Case Configuration
  // (petitionConfigList, R-CASETYPE-007); the service gives it published versions only.
  'POST /api/questionnaire-template/version': roles(1, 2),
  'POST /api/questionnaire-template/create': behindTab('questionnaireTemplateList'),
  'POST /api/questionnaire-template/save-draft': behindTab('questionnaireTemplateList'),
  'POST /api/questionnaire-template/publish': behindTab('questionnaireTemplateList'),
  // Issue 21: role 1 reads a tenant's checklist to edit its configuration (names the tenant, D-02).
  'POST /api/form-letter/list': roles(1, 3, 4),
  // R-LETTER-006 (002 §7.4): deleting a letter belongs to Letter Templates (role 3), not to the Case
  // Configuration tab that only picks from the list (issue 25, finding 5: role 4 could delete).
  'POST /api/form-letter/delete': behindTab('lettersTemplate'),
  // Issue 20 (002 §7.4, R-LETTER-010/011): the editor's callbacks, the filled letter and whether a PDF can be
  // made. Letter Templates and Header Templates open to the same roles (role 3), so one tab stands for both.
  'POST /api/form-letter/create': behindTab('lettersTemplate'),
  'POST /api/form-letter/update': behindTab('lettersTemplate'),
  'POST /api/form-letter/fill': behindTab('lettersTemplate'),
  'POST /api/form-letter/capabilities': behindTab('lettersTemplate'),
  // 002 §7.2 filing fees behind the Fees tab (role 3, law firms); D-04: role 50 reads the fee catalogue
  // (R-FEE-021/022 narrow what it gets). Issue 18: the case estimate for whoever opens cases.
  'POST /api/invoices/get-case-type-filing-fee-categories': { kind: 'roles', roles: [3, 50], tenantTypes: [1] },
  'POST /api/invoices/save-case-type-filing-fee-categories': behindTab('fillingFeeSettings'),
  'POST /api/invoices/case-fee-estimate': roles(3, 4),
  // Issue 36: asked by the Fees tab before a save, for those who save.
  'POST /api/invoices/filing-fee-version-impact': behindTab('fillingFeeSettings'),
  // Issue 36: the platform's fee schedule versions and the dated lines' end dates are the platform
  // administrator's (roles 1 and 2); a tenant reads the figures through its own fees and estimates.
  'POST /api/platform/fee-schedules/list': roles(1, 2),
  'POST /api/platform/fee-schedules/set-line-end': roles(1, 2),
  'POST /api/platform/fee-schedules/publish': roles(1, 2),
  'POST /api/platform/fee-schedules/withdraw': roles(1, 2),
  'POST /api/platform/fee-schedules/compare': roles(1, 2),
  // Issue 36: the estimate printed for the client, for whoever reads it on the case page.
  'POST /api/invoices/case-fee-estimate-pdf': roles(3, 4),
  // Issue 36: an upcoming version withdrawn, by whoever saves them.
  'POST /api/invoices/withdraw-filing-fee-version': behindTab('fillingFeeSettings'),
  'POST /api/reminders/case': roles(3, 4),
  // 002 §7.1: the global configuration behind the Reminders tab (roles 1, 3, 4; role 1 on a picked tenant, D-02).
  'POST /api/global-config/details': behindTab('configReminders'),
  'POST /api/global-config/create': behindTab('configReminders'),
  'POST /api/global-config/update': behindTab('configReminders'),
  // Issue 21: the accounting mapping and export (quickbooksSettings, R-SHELL-026); role 1 for a picked tenant.
  'POST /api/accounting/settings': behindTab('quickbooksSettings'),
  'POST /api/accounting/save-settings': behindTab('quickbooksSettings'),
  'POST /api/accounting/export': behindTab('quickbooksSettings'),
  'POST /api/cap-registrations/get-season-year-list': behindTab('configReminders'),
  // Issue 17, beyond the spec: the preview on the Reminders tab; the bell is every signed-in user's own
  // (platform roles have no tenant and get an empty bell).
  'POST /api/reminders/preview': behindTab('configReminders'),
  'POST /api/reminders/bell-count': ANY_USER,
  'POST /api/reminders/bell-list': ANY_USER,
  'POST /api/reminders/mark-read': ANY_USER,
  // 001 §2.7/§7, D-06: message labels behind the Labels tab (all settings roles).
  'POST /api/message-label/list': behindTab('labelsList'),
  'POST /api/message-label/create': behindTab('labelsList'),
  'POST /api/message-label/update': behindTab('labelsList'),
  // 002 §6, R-LIST-012: the template lists open to their tab's roles; roles 1, 2 and 3 (who see Add) change
  // them. The document frame url is asked for while adding or editing, and by every list's Preview: the route
  // lets in whoever opens one of the lists, the service narrows it to the list of the `type` asked for and
  // to the editors when a new template is prepared (editing false).
  'POST /api/pdf-sign/get-tpl-prepare-iframe-url': roles(1, 2, 3, 4),
  'POST /api/pdf-sign/esign-template-list': behindTab('SignDocumentTemplates'),
  'POST /api/pdf-sign/save-esign-template': templateEditors('SignDocumentTemplates'),
  'POST /api/pdf-sign/update-esign-template': templateEditors('SignDocumentTemplates'),
  'POST /api/pdf-sign/delete-esign-template': templateEditors('SignDocumentTemplates'),
  // Issue 20: the preparation page of an e-sign template document: who opens the list sees the fields and the
  // flattened preview; the editors (the roles that see Add) place and save them.
  'POST /api/pdf-sign/template-fields': behindTab('SignDocumentTemplates'),
  'POST /api/pdf-sign/save-template-fields': templateEditors('SignDocumentTemplates'),
  'GET /api/pdf-sign/flattened-preview': behindTab('SignDocumentTemplates'),
  'POST /api/contract-template/list': behindTab('contractTemplates'),
  'POST /api/contract-template/create': templateEditors('contractTemplates'),
  'POST /api/contract-template/update': templateEditors('contractTemplates'),
  'POST /api/contract-template/delete': templateEditors('contractTemplates'),
  'POST /api/agreement/list': behindTab('agreements'),
  'POST /api/agreement/create': templateEditors('agreements'),
  'POST /api/agreement/update': templateEditors('agreements'),
  'POST /api/agreement/delete': templateEditors('agreements'),
  // 001 §2.6/§7: service centers behind their tab (roles 1-4); who may change a row is the server's
  // per-row rule (R-SVC-024/025), not the matrix.
  'POST /api/service-centers/list': behindTab('servicesCenters'),
  'POST /api/service-centers/create': behindTab('servicesCenters'),
  'POST /api/service-centers/update': behindTab('servicesCenters'),
  'POST /api/service-centers/delete': behindTab('servicesCenters'),
  'POST /api/service-centers/details': behindTab('servicesCenters'),
  'POST /api/tracking/courierlist': behindTab('servicesCenters'),
  // 001 §2.5/§7: SOC configuration behind the SOC Settings tab (content roles 3 and 4).
  'POST /api/soc-code-config/list': behindTab('socSettings'),
  'POST /api/soc-code-config/add-soc-code': behindTab('socSettings'),
  'POST /api/soc-code-config/update': behindTab('socSettings'),
  'POST /api/soc-code-config/manage-status': behindTab('socSettings'),
  'POST /api/soc-code-config/update-documents': behindTab('socSettings'),
  'POST /api/soc-code-config/details': behindTab('socSettings'),
  // R-SOC-037 (001 §7 SOC): letter variables for the SOC Word templates, the only screen that names the call
  // (issue 25, finding 5: roles 1 and 2, who do not open SOC Settings, were let in).
  'POST /api/messages/list': behindTab('socSettings'),
  // Issue 16: users of the tenant (tab `users`, roles 3 and 4, R-SHELL-039); the service narrows each change
  // to the caller's allowed-roles set (001 §6). Each admin reads the outbox of the mail their own actions wrote.
  'POST /api/users/list': behindTab('users'),
  'POST /api/users/invite': behindTab('users'),
  'POST /api/users/update': behindTab('users'),
  'POST /api/users/manage-status': behindTab('users'),
  'POST /api/users/send-link': behindTab('users'),
  'POST /api/mail-outbox/list': roles(1, 3, 4),
  // Issue 16: branches (tabs branchList / branchCreate / branchDetails, roles 3 and 4). The service narrows a
  // branch manager to their own branch and leaves creating branches to the administrator.
  'POST /api/branches/list': behindTab('branchList'),
  'POST /api/branches/create': behindTab('branchCreate'),
  'POST /api/branches/details': behindTab('branchDetails'),
  'POST /api/branches/update': behindTab('branchDetails'),
  'POST /api/users/update-own-profile': ANY_USER,
  // The invitation / reset link pages: no session yet; throttled like login (SECURITY 8).
  'POST /api/users/link-info': PUBLIC,
  // Issue 16: the second step of a sign-in; the password step's challenge is the credential (throttled).
  'POST /api/auth/mfa/verify': PUBLIC,
  'POST /api/auth/mfa/enrol-start': PUBLIC,
  'POST /api/auth/mfa/enrol-confirm': PUBLIC,
  // Issue 38 finding 5: the signed-in user's own two-factor sign-in (My Profile).
  'POST /api/auth/mfa/status': ANY_USER,
  'POST /api/auth/mfa/self-challenge': ANY_USER,
  'POST /api/auth/mfa/recovery-codes': ANY_USER,
  // The tenant's two-factor rule (its administrator); an admin resets a user's second factor (Users tab).
  'POST /api/users/mfa-settings': roles(3),
  'POST /api/users/update-mfa-settings': roles(3),
  'POST /api/users/reset-mfa': behindTab('users'),
  // Issue 16: the tenant's audit trail, for its administrator.
  'POST /api/audit/list': roles(3),
  'POST /api/audit/entities': roles(3),
  'POST /api/users/accept-link': PUBLIC,
  // OpenAPI description of the API (ARCHITECTURE stack); it carries no data.
  'GET /api/docs': PUBLIC,
  'GET /api/docs/json': PUBLIC,
  'GET /api/docs/yaml': PUBLIC,
  'GET /api/docs/static/index.html': PUBLIC,
  'GET /api/docs/static/swagger-initializer.js': PUBLIC,
  'GET /api/docs/static/*': PUBLIC,
} as const satisfies Record<string, Permission>;

export type RouteKey = keyof typeof PERMISSIONS;

export const permissionFor = (method: string, url: string): Permission | undefined =>
  (PERMISSIONS as Record<string, Permission>)[`${method.toUpperCase()} ${url}`];

export interface Principal {
  roleId: RoleId;
  tenantType: TenantTypeId | null;
}

/** Does the matrix let this principal (or an anonymous caller, null) call the route? */
export const isAllowed = (permission: Permission, principal: Principal | null): boolean => {
  if (permission.kind === 'public') return true;
  if (!principal) return false;
  if (permission.kind === 'authenticated') return true;
  if (!permission.roles.includes(principal.roleId)) return false;
  return (
    !permission.tenantTypes || principal.tenantType === null || permission.tenantTypes.includes(principal.tenantType)
  );
};
