/**
 * The workflow activity catalogue (000 §9, 001 §3, D-12) and the template types (D-13).
 * Every code either spec file names, with the step of the 3-step editor it is edited in.
 */
export const ACTIVITY_CODES = [
  // Step 1: case intake and the team.
  'CREATE_PETITION',
  'SUBMIT_BY_BENEFICIARY',
  'SUBMIT_TO_LAW_FIRM',
  'MANAGER_LIST',
  'SUPERVISOR_LIST',
  'ASSIGN_SUPERVISOR',
  'PARALEGAL_LIST',
  'ASSIGN_PARALEGAL',
  'ATTORNEY_LIST',
  'ASSIGN_ATTORNEY',
  'DOCUMENTATION_MANAGER_LIST',
  'ASSIGN_DOCUMENTATION_MANAGER',
  'DOCUMENTATION_EXECUTIVE_LIST',
  'ASSIGN_DOCUMENTATION_EXECUTIVE',
  // Step 2: preparation and signatures.
  'INTERNAL_APPROVE_JOB_DESC',
  'COLLECT_ADV_EVIDENCE',
  'PREPARE_PERM_APPLICATION',
  'LCA_REQUEST',
  'LCA_SUBMIT',
  'DOC_SIGNER_LIST',
  'REQUEST_PETITIONER_SIGN',
  // Step 3: billing, filing and the decision, then the RFE set (D-12 order).
  'CREATE_INVOICE',
  'FILING_FEE',
  'PAYMENT_INTEGRATION',
  'FILE_AFTER_PAYMENT',
  'FILE_AFTER_INVOICE',
  'FILE_AFTER_INVOICE_PAYMENT',
  'UPDATE_USCIS_RESPONSE',
  'CASE_APPROVED',
  'RFE_UPLOAD_NOTICE',
  'RFE_ASSIGN_RESPONSE',
  'RFE_PREPARE_RESPONSE',
  'RFE_REQUEST_PETITIONER_SIGN',
  'RFE_FILE_RESPONSE',
  'RFE_CASE_APPROVED',
] as const;
export type ActivityCode = (typeof ACTIVITY_CODES)[number];

export type Step = 1 | 2 | 3;
export const STEPS: readonly Step[] = [1, 2, 3];
export const STEP_TITLES: Record<Step, string> = {
  1: 'Case intake and team',
  2: 'Preparation and signatures',
  3: 'Billing, filing and decision',
};

/** D-12: the RFE set; the last two stay optional under with_in_case (000 §4). */
export const RFE_CODES = [
  'RFE_UPLOAD_NOTICE',
  'RFE_ASSIGN_RESPONSE',
  'RFE_PREPARE_RESPONSE',
  'RFE_REQUEST_PETITIONER_SIGN',
  'RFE_FILE_RESPONSE',
  'RFE_CASE_APPROVED',
] as const satisfies readonly ActivityCode[];
export const RFE_OPTIONAL_CODES: readonly ActivityCode[] = ['RFE_REQUEST_PETITIONER_SIGN', 'RFE_CASE_APPROVED'];

/** 000 §4: "the fee, payment and file-after-invoice activities", hidden and off for tenant type 2. */
export const FEE_PAYMENT_CODES: readonly ActivityCode[] = [
  'CREATE_INVOICE',
  'FILING_FEE',
  'PAYMENT_INTEGRATION',
  'FILE_AFTER_PAYMENT',
  'FILE_AFTER_INVOICE',
  'FILE_AFTER_INVOICE_PAYMENT',
];
export const FILE_AFTER_INVOICE_CODES: readonly ActivityCode[] = ['FILE_AFTER_INVOICE', 'FILE_AFTER_INVOICE_PAYMENT'];

/** 000 §4, D-11: a *_LIST activity drives its ASSIGN_* activities. */
export const DRIVEN_BY: Partial<Record<ActivityCode, ActivityCode>> = {
  ASSIGN_PARALEGAL: 'PARALEGAL_LIST',
  ASSIGN_ATTORNEY: 'ATTORNEY_LIST',
  ASSIGN_DOCUMENTATION_MANAGER: 'DOCUMENTATION_MANAGER_LIST',
  ASSIGN_DOCUMENTATION_EXECUTIVE: 'DOCUMENTATION_MANAGER_LIST',
};

/** 000 §9 (R-WF-055/056). */
export const EDITORS_HIDDEN: readonly ActivityCode[] = [
  'CREATE_PETITION',
  'SUBMIT_BY_BENEFICIARY',
  'SUBMIT_TO_LAW_FIRM',
  'FILE_AFTER_INVOICE_PAYMENT',
];
export const WATCHERS_HIDDEN: readonly ActivityCode[] = ['MANAGER_LIST'];

/** 001 §5 exemptions from 'Editors are required' (LCA_SUBMIT is conditional, see rules.ts). */
export const EDITOR_CHECK_EXEMPT: readonly ActivityCode[] = [
  'PAYMENT_INTEGRATION',
  'ASSIGN_PARALEGAL',
  'ASSIGN_DOCUMENTATION_MANAGER',
  'ASSIGN_DOCUMENTATION_EXECUTIVE',
  'ASSIGN_ATTORNEY',
  'FILE_AFTER_INVOICE',
  'FILE_AFTER_INVOICE_PAYMENT',
];

export interface ActivityDef {
  code: ActivityCode;
  name: string;
  description: string;
  step: Step;
  /** The activity offers a confirmation switch (confirmRequiredVal). */
  confirmRequired: boolean;
  /** The activity offers "any user of the role may act" (canAssignAllUsersVal). */
  canAssignAllUsers: boolean;
}

const def = (
  code: ActivityCode,
  step: Step,
  name: string,
  description: string,
  offers: { confirm?: boolean; allUsers?: boolean } = {},
): ActivityDef => ({
  code,
  step,
  name,
  description,
  confirmRequired: offers.confirm ?? false,
  canAssignAllUsers: offers.allUsers ?? false,
});

export const ACTIVITIES: readonly ActivityDef[] = [
  def('CREATE_PETITION', 1, 'Create Case', 'An Admin or Branch Manager opens the case for a beneficiary.'),
  def(
    'SUBMIT_BY_BENEFICIARY',
    1,
    'Beneficiary Submits Questionnaire',
    'The beneficiary fills in and submits the case questionnaire.',
  ),
  def(
    'SUBMIT_TO_LAW_FIRM',
    1,
    'Submit to Law Firm',
    'The petitioner company hands the prepared case to its law firm.',
    { confirm: true },
  ),
  def('MANAGER_LIST', 1, 'Case Manager', 'Choose the case manager who owns the case.', { allUsers: true }),
  def('SUPERVISOR_LIST', 1, 'Supervisor List', 'Users who may be picked as the case supervisor.', { allUsers: true }),
  def('ASSIGN_SUPERVISOR', 1, 'Assign Supervisor', 'A supervisor is assigned to every case.', { confirm: true }),
  def('PARALEGAL_LIST', 1, 'Paralegal List', 'Users who may be picked as the case paralegal.', { allUsers: true }),
  def('ASSIGN_PARALEGAL', 1, 'Assign Paralegal', 'A paralegal is assigned from the paralegal list.', { confirm: true }),
  def('ATTORNEY_LIST', 1, 'Attorney List', 'Attorneys who may be picked as the attorney of record.', {
    allUsers: true,
  }),
  def('ASSIGN_ATTORNEY', 1, 'Assign Attorney', 'The attorney of record is assigned from the attorney list.', {
    confirm: true,
  }),
  def('DOCUMENTATION_MANAGER_LIST', 1, 'Documentation Manager List', 'Users who may manage the case documents.', {
    allUsers: true,
  }),
  def(
    'ASSIGN_DOCUMENTATION_MANAGER',
    1,
    'Assign Documentation Manager',
    'A documentation manager is assigned from the list.',
    { confirm: true },
  ),
  def('DOCUMENTATION_EXECUTIVE_LIST', 1, 'Documentation Executive List', 'Users who may collect and check documents.', {
    allUsers: true,
  }),
  def(
    'ASSIGN_DOCUMENTATION_EXECUTIVE',
    1,
    'Assign Documentation Executive',
    'A documentation executive is assigned to collect documents.',
    { confirm: true },
  ),
  def(
    'INTERNAL_APPROVE_JOB_DESC',
    2,
    'Approve Job Description',
    'The job description is reviewed and approved internally.',
    { confirm: true },
  ),
  def(
    'COLLECT_ADV_EVIDENCE',
    2,
    'Collect Advertisement Evidence',
    'Recruitment advertisements and their evidence are collected (PERM).',
    { confirm: true },
  ),
  def(
    'PREPARE_PERM_APPLICATION',
    2,
    'Prepare PERM Application',
    'The ETA-9089 labor certification application is drafted.',
    { confirm: true },
  ),
  def('LCA_REQUEST', 2, 'LCA Request', 'A Labor Condition Application is requested for the position.', {
    confirm: true,
  }),
  def('LCA_SUBMIT', 2, 'LCA Submit', 'The certified LCA is submitted with the case.', { confirm: true }),
  def('DOC_SIGNER_LIST', 2, 'Document Signer', 'Who signs the forms and letters of the case.'),
  def(
    'REQUEST_PETITIONER_SIGN',
    2,
    'Request Petitioner Signature',
    'The petitioner is asked to sign the prepared forms.',
    { confirm: true },
  ),
  def('CREATE_INVOICE', 3, 'Create Invoice', 'An invoice for legal fees is raised for the case.', { confirm: true }),
  def('FILING_FEE', 3, 'Filing Fee', 'USCIS filing fees are added to the case.', { confirm: true }),
  def('PAYMENT_INTEGRATION', 3, 'Online Payment', 'The client pays the invoice online.'),
  def('FILE_AFTER_PAYMENT', 3, 'File After Payment', 'The case is filed once the payment is received.', {
    confirm: true,
  }),
  def('FILE_AFTER_INVOICE', 3, 'File After Invoice', 'The case may be filed once the invoice is raised.', {
    confirm: true,
  }),
  def('FILE_AFTER_INVOICE_PAYMENT', 3, 'File After Invoice Payment', 'The case is filed once the invoice is paid.'),
  def('UPDATE_USCIS_RESPONSE', 3, 'Update USCIS Response', 'The receipt and the USCIS decision are recorded.', {
    confirm: true,
  }),
  def('CASE_APPROVED', 3, 'Case Approved', 'The case is closed as approved.', { confirm: true }),
  def('RFE_UPLOAD_NOTICE', 3, 'RFE: Upload Notice', 'The Request for Evidence notice is uploaded.'),
  def('RFE_ASSIGN_RESPONSE', 3, 'RFE: Assign Response', 'The RFE response is assigned to the team.'),
  def('RFE_PREPARE_RESPONSE', 3, 'RFE: Prepare Response', 'The RFE response and its evidence are prepared.', {
    confirm: true,
  }),
  def('RFE_REQUEST_PETITIONER_SIGN', 3, 'RFE: Request Petitioner Signature', 'The petitioner signs the RFE response.', {
    confirm: true,
  }),
  def('RFE_FILE_RESPONSE', 3, 'RFE: File Response', 'The RFE response is filed with USCIS.', { confirm: true }),
  def('RFE_CASE_APPROVED', 3, 'RFE: Case Approved', 'The case is approved after the RFE response.', { confirm: true }),
];

/** D-13: template types 1-9 (the seed's master data names them). */
export const TEMPLATE_TYPE_IDS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
export type TemplateTypeId = (typeof TEMPLATE_TYPE_IDS)[number];
export const TemplateType = {
  NonimmigrantWorker: 1,
  Perm: 2,
  ImmigrantWorker: 3,
  EmploymentAdjustment: 4,
  ApplicantInitiated: 5,
  TravelWork: 6,
  FamilyPetition: 7,
  FamilyAdjustment: 8,
  Citizenship: 9,
} as const satisfies Record<string, TemplateTypeId>;
