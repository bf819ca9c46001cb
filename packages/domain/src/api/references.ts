import { LETTER_MESSAGES as L } from '../letters/contracts';
import { PROFILE_MESSAGES as M } from '../profile/rules';
import { REMINDER_KEYS } from '../reminders/days';
import { WORD_ONLY_MESSAGE } from '../soc-codes/contracts';
import { TEMPLATE_MESSAGES as T } from '../templates/contracts';

/**
 * The one table of ids inside requests that name other records (issue 25, finding 2; SECURITY 2): per route
 * key ("METHOD /path", as in the permission matrix), each body or query path that holds such an id and what it
 * names. Arrays are `[]`, the values of a keyed record `*`: `items.[].subTypeIds.[]`,
 * `petitionerInfo.documents.*.[].path`.
 *
 * The server checks every one before the handler runs (apps/server/src/platform/references.ts): an id that names
 * no record answers 400 on its field; a record of another tenant answers 404; nothing is written either way.
 * Master data (case types, states, couriers ...) is shared by every tenant. The id of the record a route acts
 * on (the workflow of /api/workflow/update) is not listed: its service answers 404 when the caller's tenant
 * cannot see it. apps/server/test/nested-ids.test.ts walks every route's schema and fails on an id field that
 * is neither listed here nor such a subject.
 */
export const REFERENCE_KINDS = [
  'tenant',
  'questionnaire',
  'formLetter',
  'file',
  'caseType',
  'caseSubType',
  'country',
  'state',
  'city',
  'courier',
  'socCode',
  'role',
  'branch',
  'user',
  'platformForm',
  /** Issue 34: a person of the tenant's cases, a SOC code configuration, a service center (own or platform). */
  'person',
  'socCodeConfig',
  'serviceCenter',
] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];
/** A reference field: what it names, and the form's own message when the id names nothing (else a generic one). */
export type Reference = ReferenceKind | { kind: ReferenceKind; message: string };
export const referenceKind = (r: Reference): ReferenceKind => (typeof r === 'string' ? r : r.kind);

const CASE_TYPE_REQUIRED = 'Case type is required';

/** An address's master-data ids (platform/address.ts then checks that they chain country → state → city). */
const addressRefs = (...prefixes: string[]): Record<string, Reference> =>
  Object.fromEntries(
    prefixes.flatMap((p) => [
      [`${p}.countryId`, { kind: 'country', message: M.countryRequired }],
      [`${p}.stateId`, { kind: 'state', message: M.stateRequired }],
      [`${p}.locationId`, { kind: 'city', message: M.cityRequired }],
    ]),
  );

const roleRefs = {
  'config.[].editors.[].roleId': 'role',
  'config.[].watchers.[].roleId': 'role',
} as const satisfies Record<string, ReferenceKind>;
const workflowConfig = {
  petitionTypeId: { kind: 'caseType', message: CASE_TYPE_REQUIRED },
  petitionSubTypeId: { kind: 'caseSubType', message: CASE_TYPE_REQUIRED },
  questionnaireId: 'questionnaire',
} as const satisfies Record<string, Reference>;
const petitionConfig = {
  typeId: 'caseType',
  subTypeId: 'caseSubType',
  questionnaireTplId: 'questionnaire',
  'formAndLetterIds.[]': 'formLetter',
  // Issue 21: role 1 names the tenant whose configuration it edits; the ids above must be that tenant's.
  tenantId: 'tenant',
} as const satisfies Record<string, ReferenceKind>;
/** R-SVC-016 and the form's courier message. */
const serviceCenter = {
  typeId: { kind: 'caseType', message: 'Case Type is required' },
  'stateIds.[]': 'state',
  'addressConfig.[].courierId': { kind: 'courier', message: 'Courier is required' },
} as const satisfies Record<string, Reference>;
/** A stored file, with the message its form shows for a missing one. */
const file = (message: string) => ({ kind: 'file', message }) as const;
const wordFile = file(WORD_ONLY_MESSAGE);
const socDocuments = { 'document.[].path': wordFile, 'attachments.[].path': wordFile };
const templateDocument = { templateId: file(T.documentRequired) };
const letterRefs = {
  templateId: file(L.documentRequired),
  caseTypeId: { kind: 'caseType', message: L.caseTypeRequired },
  caseSubTypeId: 'caseSubType',
} as const satisfies Record<string, Reference>;

/** The global configuration's ids (002 §7.1, R-REM-076/077): couriers, roles per reminder block, countries. */
/** The reminders' role and country ids, in the global configuration and in the preview's unsaved form. */
const reminderRefs: Record<string, Reference> = {
  'config.reminders.globalStatus.[].countryId': 'country',
  ...Object.fromEntries(
    REMINDER_KEYS.filter((k) => k !== 'i140').map((k) => [`config.reminders.${k}.whoWillSendReminder.[]`, 'role']),
  ),
};
const globalConfigRefs: Record<string, Reference> = {
  tenantId: 'tenant',
  'config.defaultCourierIds.[]': 'courier',
  'config.handlePwdActivityUsers.[]': 'role',
  'config.whoWillReassignCase.[]': 'role',
  ...reminderRefs,
};

/** Issue 34: the records a case body names (its people, petitioner and the facts that hold ids). */
const caseRefs: Record<string, Reference> = {
  petitionerId: 'user',
  'beneficiary.personId': 'person',
  'sponsor.personId': 'person',
  'facts.socCodeId': 'socCodeConfig',
  'facts.serviceCenterId': 'serviceCenter',
};

export const REFERENCES: Record<string, Record<string, Reference>> = {
  'POST /api/masterdata/list': {
    'matcher.countryId': 'country',
    'matcher.stateId': 'state',
    'matcher.petitionType': 'caseType',
    'matcher.petitionType.[]': 'caseType',
  },
  'POST /api/tenant/update-profile': {
    'logo.path': file(M.logoRequired),
    'favicon.path': file(M.faviconRequired),
    'feinDocs.[].path': 'file',
    'petitionerInfo.documents.*.[].path': 'file',
    ...addressRefs('address', 'mailingaddress', 'petitionerInfo.address'),
  },
  'POST /api/tenant/update-company-data': { 'logo.path': file(M.logoRequired), ...addressRefs('address') },
  'POST /api/tenant/update-billing-details': addressRefs('billingDetails.authPerson.address'),
  'POST /api/petitioner/update-profile': {
    'petitionerInfo.documents.*.[].path': 'file',
    ...addressRefs('petitionerInfo.address', 'petitionerInfo.mailingaddress'),
  },
  'POST /api/workflow/list': { 'filters.tenantIds.[]': 'tenant' },
  'POST /api/workflow/create': { tenantId: 'tenant', ...roleRefs },
  'POST /api/workflow/update': roleRefs,
  'POST /api/workflow/clone': { tenantId: 'tenant' },
  'POST /api/workflow/config-save': workflowConfig,
  'POST /api/workflow/config-update': workflowConfig,
  'POST /api/invoices/list': { 'filters.companyId': 'tenant', 'subscriber.tenantId': 'tenant' },
  'POST /api/billing/get-customer-details': { 'subscriber.tenantId': 'tenant' },
  'POST /api/case-id-config/list': { 'filters.tenantIds.[]': 'tenant', 'filters.subTypeIds.[]': 'caseSubType' },
  'POST /api/global-config/details': { tenantId: 'tenant' },
  'POST /api/global-config/create': globalConfigRefs,
  'POST /api/global-config/update': globalConfigRefs,
  'POST /api/cap-registrations/get-season-year-list': { tenantId: 'tenant' },
  'POST /api/accounting/settings': { tenantId: 'tenant' },
  'POST /api/accounting/save-settings': { tenantId: 'tenant' },
  'POST /api/accounting/export': { tenantId: 'tenant' },
  'POST /api/reminders/preview': { tenantId: 'tenant', ...reminderRefs },
  'POST /api/case-id-config/create': { tenantId: 'tenant', 'items.[].subTypeIds.[]': 'caseSubType' },
  'POST /api/case-id-config/update': { 'subTypeIds.[]': 'caseSubType' },
  'POST /api/case-type-config/save-custom-code': { typeId: 'caseType', subTypeId: 'caseSubType' },
  'POST /api/cases/create': { subTypeId: 'caseSubType', ...caseRefs },
  'POST /api/cases/update': { ...caseRefs, ownerId: 'user' },
  'POST /api/cases/link-account': { userId: 'user' },
  'POST /api/cases/unlink-account': { userId: 'user' },
  // Issue 35 item 3: the people an envelope goes to (each linked to the case: the service checks that too).
  'POST /api/cases/envelopes/send': { 'signers.[].userId': 'user' },
  'POST /api/cases/envelopes/send-document': { 'signers.[].userId': 'user' },
  // Issue 35 item 2: the person a questionnaire goes to (linked to the case with its audience's role: checked too).
  'POST /api/cases/questionnaire/send': { userId: 'user' },
  // Issue 21: the platform library, its default configurations and the catalogue.
  'POST /api/platform-library/forms/save': {
    fromTenantId: 'tenant',
    'caseTypeIds.[]': 'caseType',
    'caseSubTypeIds.[]': 'caseSubType',
  },
  'POST /api/platform-library/forms/add-edition': { documentPath: file('Upload the document again') },
  'POST /api/platform-library/case-configs/save': {
    typeId: 'caseType',
    subTypeId: 'caseSubType',
    questionnaireId: 'questionnaire',
    'formIds.[]': 'platformForm',
  },
  'POST /api/platform-library/case-configs/delete': { subTypeId: 'caseSubType' },
  'POST /api/platform-library/case-configs/list': { 'typeIds.[]': 'caseType' },
  'POST /api/case-catalogue/save-sub-type': { petitionTypeId: 'caseType' },
  'POST /api/invoices/get-case-type-filing-fee-categories': { petitionType: 'caseType' },
  'POST /api/invoices/save-case-type-filing-fee-categories': {
    petitionType: 'caseType',
    tenantId: 'tenant',
    'items.[].id': 'caseSubType',
  },
  'POST /api/invoices/filing-fee-version-impact': {
    petitionType: 'caseType',
    tenantId: 'tenant',
    'items.[].id': 'caseSubType',
  },
  'POST /api/invoices/withdraw-filing-fee-version': { petitionType: 'caseType' },
  'POST /api/cases/list': {
    'filters.subTypeIds.[]': 'caseSubType',
    'filters.typeIds.[]': 'caseType',
    'filters.petitionerIds.[]': 'user',
    'filters.ownerIds.[]': 'user',
  },
  'POST /api/petition-config/list': {
    'filters.tenantIds.[]': 'tenant',
    'filters.typeIds.[]': 'caseType',
    'filters.subTypeIds.[]': 'caseSubType',
  },
  'POST /api/petition-config/manage-case-types': { 'selList.[].id': 'caseType' },
  'POST /api/petition-config/manage-case-sub-types': { 'selList.[].id': 'caseSubType' },
  'POST /api/form-letter/list': { tenantId: 'tenant' },
  'POST /api/petition-config/create': petitionConfig,
  'POST /api/petition-config/update': petitionConfig,
  'POST /api/pdf-sign/get-tpl-prepare-iframe-url': templateDocument,
  'POST /api/pdf-sign/save-esign-template': { prepareTemplateId: file(T.documentRequired) },
  'POST /api/pdf-sign/update-esign-template': { prepareTemplateId: file(T.documentRequired) },
  'POST /api/contract-template/create': templateDocument,
  'POST /api/contract-template/update': templateDocument,
  'POST /api/agreement/create': { templateId: file(T.agreementDocumentRequired) },
  'POST /api/agreement/update': { templateId: file(T.agreementDocumentRequired) },
  // Issue 20: the letter editor's callbacks (R-LETTER-010/011); the letter itself is update's subject.
  'POST /api/form-letter/create': letterRefs,
  'POST /api/form-letter/update': letterRefs,
  'POST /api/service-centers/create': serviceCenter,
  'POST /api/service-centers/update': serviceCenter,
  'POST /api/service-centers/list': { 'filters.typeIds.[]': 'caseType' },
  'POST /api/soc-code-config/add-soc-code': { socId: 'socCode', ...socDocuments },
  'POST /api/soc-code-config/update': { socId: 'socCode', ...socDocuments },
  'POST /api/soc-code-config/update-documents': { 'document.[].path': wordFile },
  'POST /api/users/list': { 'filters.roleIds.[]': 'role', 'filters.branchIds.[]': 'branch' },
  'POST /api/users/invite': { roleId: 'role', branchId: 'branch' },
  'POST /api/users/update': { roleId: 'role', branchId: 'branch' },
  'POST /api/users/update-mfa-settings': { 'roleIds.[]': 'role' },
  'POST /api/branches/create': { managerId: 'user', ...addressRefs('address') },
  'POST /api/branches/update': { managerId: 'user', ...addressRefs('address') },
};

/** The values at a path pattern of `input` with their concrete paths (`items.0.subTypeIds.1`). */
export const valuesAt = (input: unknown, pattern: string): { path: string; value: string | number }[] => {
  const out: { path: string; value: string | number }[] = [];
  const visit = (node: unknown, rest: string[], at: string[]) => {
    if (!rest.length) {
      if (typeof node === 'string' || typeof node === 'number') out.push({ path: at.join('.'), value: node });
      return;
    }
    const [head, ...tail] = rest as [string, ...string[]];
    if (head === '[]') {
      if (Array.isArray(node)) for (const [i, v] of node.entries()) visit(v, tail, [...at, String(i)]);
    } else if (head === '*') {
      if (node && typeof node === 'object' && !Array.isArray(node))
        for (const [k, v] of Object.entries(node)) visit(v, tail, [...at, k]);
    } else if (node && typeof node === 'object' && !Array.isArray(node) && Object.hasOwn(node, head)) {
      visit((node as Record<string, unknown>)[head], tail, [...at, head]);
    }
  };
  visit(input, pattern.split('.'), []);
  return out;
};
