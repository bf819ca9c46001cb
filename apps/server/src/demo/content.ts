import { DEMO_TENANTS, DEMO_USERS, type DemoTenantKey } from '@caseport/db/seed/demo';
import { STARTER_QUESTIONNAIRES } from '@caseport/domain/questionnaires/starters';
import type { CaseDateKey } from '@caseport/domain/reminders/case-dates';
import { addDays, timeZoneNameOf } from '@caseport/domain/reminders/engine';
import { TIMEZONES } from '@caseport/domain/reminders/timezones';
import { dayIn } from '@caseport/domain/tenants/tenant-day';
import type { ActivityCode } from '@caseport/domain/workflows/catalogue';
import { updateBodyFromWire, type WorkflowWire } from '@caseport/domain/workflows/contracts';
import type { FastifyInstance } from 'fastify';
import { demoFavicon, demoLogo, demoPdf } from './assets';

/**
 * Issue 15: the demo shows the product. On the first start, after the seed has created the tenants as a sign-up
 * would, every demo tenant marked `complete` is filled in through the server's own API, signed in as its
 * administrator: Company Details, the default workflow configured and active, case types with their workflows
 * and configurations, cases, labels and templates. Going through the routes
 * means every rule, file check, number generator and audit row applies exactly as for a user. The tenants
 * not marked complete stay new and show first-time setup. The platform administrator then sets the platform's
 * default configurations (issue 21) that a tenant created in the demo starts from.
 */

type Json = Record<string, unknown>;

interface Session {
  get<T = Json>(url: string): Promise<T>;
  post<T = Json>(url: string, body?: unknown): Promise<T>;
  upload(purpose: string, file: { name: string; type: string; data: Buffer }): Promise<FileRecord>;
}

interface FileRecord {
  name: string;
  extn: string;
  path: string;
  mimetype: string;
  size?: number;
}

const XHR = { 'x-requested-with': 'XMLHttpRequest' };

const multipart = (fields: Record<string, string>, file: { name: string; type: string; data: Buffer }) => {
  const boundary = `----caseport-demo-${Date.now().toString(16)}`;
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
};

const signIn = async (
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<Session & { end(): Promise<void> }> => {
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: XHR,
    payload: { email, password },
  });
  if (login.statusCode !== 200) throw new Error(`demo content: signing in as ${email} answered ${login.statusCode}`);
  const setCookie = login.headers['set-cookie'];
  const cookie = String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(';')[0] as string;
  const call = async <T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> => {
    const res = await app.inject({ method, url, headers: { ...XHR, cookie }, payload: body as Json | undefined });
    if (res.statusCode !== 200) throw new Error(`demo content: ${url} answered ${res.statusCode} ${res.body}`);
    return res.json() as T;
  };
  const post = <T>(url: string, body: unknown = {}) => call<T>('POST', url, body);
  return {
    get: (url) => call('GET', url),
    post,
    async upload(purpose, file) {
      const secureType = purpose === 'logo' || purpose === 'favicon' ? 'public' : 'private';
      const body = multipart({ purpose, secureType, getDetails: 'true' }, file);
      const res = await app.inject({
        method: 'POST',
        url: '/api/common/upload',
        headers: { ...XHR, cookie, 'content-type': body.contentType },
        payload: body.payload,
      });
      if (res.statusCode !== 200) throw new Error(`demo content: upload answered ${res.statusCode} ${res.body}`);
      return (res.json() as { data: { result: FileRecord[] } }).data.result[0] as FileRecord;
    },
    end: async () => {
      await post('/api/auth/logout');
    },
  };
};

/** More of a demo person than the name (issue 34): what the New case form's person step takes. */
interface DemoPersonDetails {
  inUS: boolean;
  dateOfBirth?: string;
  countryOfBirth?: string;
  countryOfCitizenship?: string;
  passportNumber?: string;
  i94Number?: string;
  currentStatus?: string;
  email?: string;
}

/** What a complete demo tenant is filled in with. */
interface TenantContent {
  initials: string;
  colour: readonly [number, number, number];
  slug: string;
  idPrefix: string;
  phone: string;
  address: { line1: string; state: string; city: string; zipcode: string };
  /** Case types with the sub-types switched on, the workflow (by name) they run on, and a configuration. */
  caseTypes: {
    typeId: number;
    subTypeIds: number[];
    workflow: string;
    /** Issue 34: a case is opened only for a sub-type with an active configuration. */
    configure?: {
      subTypeIds: number[];
      questionnaire: string;
      /** Issue 34: the configuration's letters by name (default: the first two of the firm's library). */
      letters?: string[];
    };
  }[];
  cases: {
    subTypeId: number;
    /** Issue 34: the beneficiary (or applicant), a new person record; 'Ana María López' is given + family. */
    beneficiary: string;
    /** A family case's sponsor, a new person record. */
    sponsor?: string;
    /** A law firm's case names its first petitioner (role 50); a petitioner company's is itself. */
    petitioner?: boolean;
    /**
     * Issue 17: reminder dates, in days from the first start (so the bell and the preview show something). Issue
     * 34: a passport's, an I-94's and a work authorization's expiry are the beneficiary's; the others are facts.
     */
    datesInDays?: Partial<Record<CaseDateKey, number>>;
    /** Issue 34: more of the beneficiary (in the US or abroad, date of birth, passport, I-94). */
    beneficiaryDetails?: DemoPersonDetails;
    sponsorDetails?: DemoPersonDetails;
    /** Issue 34: the case's facts as the New case form takes them (the firm's first SOC code, if any). */
    facts?: (at: { today: string; socCodeId: string | undefined }) => Record<string, unknown>;
    /** Issue 34: link the petitioner's role-50 account to the case (/api/cases/link-account). */
    linkPetitioner?: boolean;
    /** Issue 35: link the tenant's authorized signatory (role 12), who then finds the case in My cases. */
    linkSignatory?: boolean;
    /**
     * Issue 34: how far the workflow is moved through the Activities API: the activities completed (in the
     * run's order, every open one before them too), then a USCIS receipt recorded if asked.
     */
    run?: { through: ActivityCode[]; receiptNumber?: string };
  }[];
  /** Issue 34: users the ASSIGN_* activities pick (invited as an admin would). */
  staff?: { email: string; firstName: string; lastName: string; roleId: number }[];
  /** Issue 34: the firm's SOC codes (Settings, SOC Codes), the first one a fact of its employment cases. */
  socCodes?: { name: string; designation: string; jobTitles: string; description: string }[];
  /** Issue 34: the law firm's petitioner (role 50) completes the petitioner profile, with its address. */
  petitionerProfile?: { email: string; company: string; address: TenantContent['address'] };
  labels: { name: string; color: string }[];
  /**
   * Issue 18: the firm's own fees on top of the USCIS schedule (law firms only, the Fees tab): a legal fee per
   * case type from a day, and renamed default lines.
   */
  fees?: { typeId: number; legalFee: number; from: string; rename?: { code: string; name: string }[] }[];
  /** Template lists (002 §3.5-3.7); one service agreement at most (R-AGREE-006). */
  templates: { esign?: { name: string; tplType: number }; contract?: string; agreement?: string };
}

const DEFAULT_WORKFLOW = 'Default Workflow';

const CONTENT: Partial<Record<DemoTenantKey, TenantContent>> = {
  lawfirm: {
    initials: 'DLF',
    colour: [31, 78, 140],
    slug: 'demolawfirm',
    idPrefix: 'DLF',
    phone: '5125550100',
    address: { line1: '500 Congress Avenue', state: 'Texas', city: 'Austin', zipcode: '78701' },
    caseTypes: [
      {
        typeId: 1, // H-1B: Cap - New Petition, Extension of Stay
        subTypeIds: [1, 3],
        workflow: DEFAULT_WORKFLOW,
        configure: {
          subTypeIds: [1, 3],
          questionnaire: 'H-1B Beneficiary Questionnaire',
          // The letters an H-1B petition files: the employer's support letter (every tag filled from the case).
          letters: ['H-1B Employer Support Letter', 'Client Engagement Letter', 'Employment Verification Letter'],
        },
      },
      {
        typeId: 2, // L-1: L-1A New, Extension
        subTypeIds: [7, 11],
        workflow: DEFAULT_WORKFLOW,
        configure: { subTypeIds: [7, 11], questionnaire: 'L-1 Intracompany Transferee Questionnaire' },
      },
      {
        typeId: 4, // I-130: spouse of a U.S. citizen, F1
        subTypeIds: [17, 19],
        workflow: 'I-130 Family Petition',
        configure: { subTypeIds: [17], questionnaire: 'I-130 Petition for Alien Relative Questionnaire' },
      },
      { typeId: 9, subTypeIds: [42, 43], workflow: 'N-400 Naturalization' }, // N-400
    ],
    staff: [{ email: 'paralegal@lawfirm.test', firstName: 'Paula', lastName: 'Reyes', roleId: 6 }],
    socCodes: [
      {
        name: '15-1252',
        designation: 'Software Developers',
        jobTitles: '<p>Software Engineer, Senior Software Engineer, Software Developer</p>',
        description:
          '<p>Research, design and develop computer and network software or specialized utility programs.</p>',
      },
    ],
    petitionerProfile: {
      email: 'petitioner@lawfirm.test',
      company: 'Patel Software Solutions',
      address: { line1: '500 Market Street', state: 'California', city: 'San Francisco', zipcode: '94105' },
    },
    cases: [
      {
        // Issue 34: an H-1B cap new petition for a beneficiary abroad, every fact a letter needs; a paralegal
        // is assigned and the LCA recorded.
        subTypeId: 1,
        beneficiary: 'Ana María López',
        petitioner: true,
        linkPetitioner: true,
        datesInDays: { workAuthorizationExpiry: 30, passportExpiry: 60 },
        beneficiaryDetails: {
          inUS: false,
          dateOfBirth: '1992-05-14',
          countryOfBirth: 'Mexico',
          countryOfCitizenship: 'Mexico',
          passportNumber: 'G12345678',
          email: 'ana.lopez@example.com',
        },
        facts: ({ today, socCodeId }) => ({
          jobTitle: 'Senior Software Engineer',
          ...(socCodeId ? { socCodeId } : {}),
          worksites: [
            { line1: '500 Congress Avenue', city: 'Austin', state: 'TX', zipcode: '78701', country: 'United States' },
          ],
          wage: 135000,
          wageUnit: 'Year',
          startDate: addDays(today, 150),
          fullTime: true,
          processingRoute: 'Consular notification',
        }),
        run: { through: ['ASSIGN_PARALEGAL', 'LCA_SUBMIT'] },
      },
      {
        subTypeId: 3,
        beneficiary: 'Rahul Mehta',
        petitioner: true,
        // Issue 35: 90 days before the I-94 expires, the default configuration reminds the petitioner contact; the
        // server's first reminder run after the seed puts it in petitioner@lawfirm.test's bell.
        datesInDays: { i94Expiry: 90, workAuthorizationExpiry: 120 },
      },
      {
        // Issue 34: an L-1A extension (sub-type 11, 'Extension' of L-1), filed: the USCIS receipt is recorded.
        subTypeId: 11,
        beneficiary: 'Kenji Watanabe',
        petitioner: true,
        linkPetitioner: true,
        datesInDays: { i94Expiry: 45, passportExpiry: 200 },
        beneficiaryDetails: {
          inUS: true,
          dateOfBirth: '1984-11-02',
          countryOfBirth: 'Japan',
          countryOfCitizenship: 'Japan',
          passportNumber: 'TK1234567',
          i94Number: '12345678901',
          currentStatus: 'L-1A',
        },
        facts: ({ today }) => ({
          jobTitle: 'Director of Engineering',
          worksites: [
            { line1: '500 Congress Avenue', city: 'Austin', state: 'TX', zipcode: '78701', country: 'United States' },
          ],
          wage: 185000,
          wageUnit: 'Year',
          startDate: addDays(today, 40),
          fullTime: true,
          processingRoute: 'Change of status',
          filingDate: addDays(today, -10),
        }),
        run: { through: ['FILE_AFTER_INVOICE'], receiptNumber: 'WAC2590123456' },
      },
      {
        // Issue 34: an I-130 with its sponsor, just opened.
        subTypeId: 17,
        beneficiary: 'Elena Petrova',
        sponsor: 'James Carter',
        datesInDays: { passportExpiry: 50 },
        beneficiaryDetails: {
          inUS: false,
          dateOfBirth: '1990-02-20',
          countryOfBirth: 'Russia',
          countryOfCitizenship: 'Russia',
          passportNumber: '751234567',
        },
        sponsorDetails: {
          inUS: true,
          dateOfBirth: '1988-07-09',
          countryOfBirth: 'United States',
          countryOfCitizenship: 'United States',
          email: 'james.carter@example.com',
        },
      },
    ],
    fees: [
      { typeId: 1, legalFee: 2500, from: '2024-04-01' },
      { typeId: 2, legalFee: 3000, from: '2024-04-01' },
    ],
    labels: [
      { name: 'Premium processing', color: '#1E88E5' },
      { name: 'RFE received', color: '#E53935' },
      { name: 'Priority client', color: '#FB8C00' },
      { name: 'Ready to file', color: '#43A047' },
    ],
    templates: {
      esign: { name: 'LCA Posting Notice', tplType: 1 },
      agreement: 'Immigration Legal Services Agreement',
    },
  },
  petitioner: {
    initials: 'DPC',
    colour: [0, 105, 92],
    slug: 'demopetitioner',
    idPrefix: 'DPC',
    phone: '4085550100',
    address: { line1: '200 Technology Drive', state: 'California', city: 'San Jose', zipcode: '95110' },
    caseTypes: [
      {
        typeId: 1,
        subTypeIds: [1, 3],
        workflow: DEFAULT_WORKFLOW,
        configure: { subTypeIds: [1], questionnaire: 'H-1B Employer (Petitioner) Questionnaire' },
      },
      {
        typeId: 5, // I-140 EB-2, EB-3
        subTypeIds: [26, 28],
        workflow: 'I-140 Immigrant Worker Petition',
        configure: { subTypeIds: [26], questionnaire: 'PERM and I-140 Beneficiary Questionnaire' },
      },
    ],
    cases: [
      {
        subTypeId: 1,
        beneficiary: 'Wei Zhang',
        datesInDays: { passportExpiry: 30, i94Expiry: 90 },
        linkSignatory: true,
      },
      { subTypeId: 26, beneficiary: 'Priya Raman' },
    ],
    labels: [
      { name: 'Offer signed', color: '#3949AB' },
      { name: 'Visa stamped', color: '#00897B' },
    ],
    templates: {
      esign: { name: 'Employer Support Letter', tplType: 3 },
      contract: 'Standard Employment Contract',
    },
  },
  otherfirm: {
    initials: 'OLF',
    colour: [109, 76, 65],
    slug: 'otherlawfirm',
    idPrefix: 'OLF',
    phone: '6175550100',
    address: { line1: '1 Federal Street', state: 'Massachusetts', city: 'Boston', zipcode: '02110' },
    // Sub-type 1 stays without a configuration (tests configure it); the firm's case is an extension.
    caseTypes: [
      {
        typeId: 1,
        subTypeIds: [1, 3],
        workflow: DEFAULT_WORKFLOW,
        configure: { subTypeIds: [3], questionnaire: 'H-1B Beneficiary Questionnaire' },
      },
    ],
    // Issue 34: an employment case names its petitioner company (the seed's OTHER_FIRM_PETITIONER).
    cases: [{ subTypeId: 3, beneficiary: 'Lucas Martin', petitioner: true }],
    fees: [{ typeId: 1, legalFee: 1800, from: '2024-04-01', rename: [{ code: 'SHIPPING', name: 'Courier Fee' }] }],
    labels: [{ name: 'Priority', color: '#8E24AA' }],
    templates: { contract: 'Engagement Letter' },
  },
};

/** An address the profile form would send: the state and city picked from the master data by name. */
const addressOf = async (s: Session, a: TenantContent['address']) => {
  type Named = { id: number; name: string };
  const states = await s.post<{ list: Named[] }>('/api/masterdata/list', {
    category: 'states',
    matcher: { countryId: 231 },
    page: 1,
    perpage: 1000,
  });
  const state = states.list.find((x) => x.name === a.state) ?? states.list[0];
  if (!state) throw new Error('demo content: no US states in the reference data');
  const cities = await s.post<{ list: Named[] }>('/api/masterdata/list', {
    category: 'locations',
    matcher: { stateId: state.id },
    page: 1,
    perpage: 1000,
  });
  const city = cities.list.find((x) => x.name === a.city) ?? cities.list[0];
  if (!city) throw new Error(`demo content: no cities for ${state.name}`);
  return {
    line1: a.line1,
    line2: '',
    aptType: null,
    countryId: 231,
    stateId: state.id,
    locationId: city.id,
    zipcode: a.zipcode,
  };
};

const completeProfile = async (
  s: Session,
  c: TenantContent,
  tenant: { name: string; type: 1 | 2 },
  admin: { firstName: string; lastName: string },
) => {
  const logo = await s.upload('logo', { name: 'logo.png', type: 'image/png', data: demoLogo(c.initials, c.colour) });
  const favicon = await s.upload('favicon', {
    name: 'favicon.png',
    type: 'image/png',
    data: demoFavicon(c.initials, c.colour),
  });
  const address = await addressOf(s, c.address);
  const phoneCountryCode = { countryCode: 'US', countryCallingCode: '1' };
  await s.post('/api/tenant/update-profile', {
    adminFirstName: admin.firstName,
    adminLastName: admin.lastName,
    phone: c.phone,
    phoneCountryCode,
    logo,
    favicon,
    fromEmail: `noreply@${c.slug}.example`,
    contactEmail: `hello@${c.slug}.example`,
    slug: c.slug,
    idPrefix: c.idPrefix,
    feiNumber: tenant.type === 1 ? '74-1234567' : '',
    feinDocs: [],
    address,
    mailingAddressSame: 'yes',
    ...(tenant.type === 2
      ? {
          isSameasAdminInformation: 'yes',
          petitionerInfo: {
            naicsCode: '541511',
            feiNumber: '77-7654321',
            address,
            authorizedSignatory: {
              firstName: admin.firstName,
              middleName: '',
              lastName: admin.lastName,
              title: 'Head of People',
              email: `people@${c.slug}.example`,
              phone: c.phone,
              phoneCountryCode,
            },
            typeOfBusiness: 'Corporation',
            natureOfBusiness: `${tenant.name}: software products and services`,
            businessEstdDate: '2009-03-02',
            totalFullTimeEmployees: '240',
            estimatedGrossAnualIncome: '48000000',
            estimatedNetAnualIncome: '5200000',
            fiftyOrMoreEmployeesInUS: 'yes',
            moreThanHalfOnH1bL1: false,
            documents: {},
          },
        }
      : {}),
  });
  if (tenant.type === 2) {
    // R-PROFILE-037: a petitioner company's E-Verify client id is saved on its own call.
    const me = await s.get<{ tenantId: string }>('/api/auth/me');
    await s.post('/api/tenant/update-everify-client-id', { tenantId: me.tenantId, eVerifyClientId: 'DPC2009' });
  }
};

/** Completes the default workflow (D-14 "Complete Setup") and returns the tenant's workflows by name. */
const completeWorkflows = async (s: Session) => {
  const list = await s.post<{ list: { _id: string; name: string; isDefault: boolean }[] }>('/api/workflow/list', {
    page: 1,
    perpage: 100,
    getAll: true,
  });
  const byName = new Map(list.list.map((w) => [w.name, w._id]));
  const defaultId = list.list.find((w) => w.isDefault)?._id;
  if (!defaultId) throw new Error('demo content: the tenant has no default workflow');
  const { workflow: w } = await s.post<{ workflow: WorkflowWire }>('/api/workflow/details', { workflowId: defaultId });
  await s.post('/api/workflow/update', updateBodyFromWire(w, { configCompleted: true, active: true }));
  return byName;
};

const configureCaseTypes = async (s: Session, c: TenantContent, workflows: Map<string, string>) => {
  await s.post('/api/petition-config/manage-case-types', {
    selList: c.caseTypes.map((t) => ({ id: t.typeId, selected: true })),
  });
  await s.post('/api/petition-config/manage-case-sub-types', {
    selList: c.caseTypes.flatMap((t) => t.subTypeIds.map((id) => ({ id, selected: true }))),
  });
  const questionnaires = await s.post<{ list: { _id: string; name: string }[] }>('/api/questionnaire/list', {});
  const forms = await s.post<{ list: { _id: string; name: string }[] }>('/api/form-letter/list', {});
  for (const t of c.caseTypes) {
    const workflowId = workflows.get(t.workflow);
    if (!workflowId) throw new Error(`demo content: no workflow named ${t.workflow}`);
    await s.post('/api/workflow/config-save', { workflowId, petitionTypeId: t.typeId });
    if (!t.configure) continue;
    const questionnaire = questionnaires.list.find((q) => q.name === t.configure?.questionnaire);
    if (!questionnaire) throw new Error(`demo content: no questionnaire named ${t.configure.questionnaire}`);
    for (const subTypeId of t.configure.subTypeIds)
      await s.post('/api/petition-config/create', {
        typeId: t.typeId,
        subTypeId,
        questionnaireTplId: questionnaire._id,
        formAndLetterIds: (t.configure.letters
          ? t.configure.letters.map((name) => {
              const letter = forms.list.find((f) => f.name === name);
              if (!letter) throw new Error(`demo content: no letter named ${name}`);
              return letter;
            })
          : forms.list.slice(0, 2)
        ).map((f) => f._id),
      });
  }
};

const addTemplates = async (s: Session, tenantName: string, t: TenantContent['templates']) => {
  const pdf = async (title: string, lines: string[]) =>
    (await s.upload('pdf', { name: `${title}.pdf`, type: 'application/pdf', data: await demoPdf(title, lines) })).path;
  let esign: { templateId: string; document: string } | null = null;
  if (t.esign) {
    const document = await pdf(t.esign.name, [
      `${tenantName}: ${t.esign.name}.`,
      'Prepared for electronic signature by the parties named in the case.',
    ]);
    const saved = await s.post<{ item: { _id: string } }>('/api/pdf-sign/save-esign-template', {
      name: t.esign.name,
      tplType: t.esign.tplType,
      noOfWorkLocations: 1,
      prepareTemplateId: document,
    });
    esign = { templateId: saved.item._id, document };
  }
  if (t.contract) {
    await s.post('/api/contract-template/create', {
      name: t.contract,
      templateId: await pdf(t.contract, [
        'Position, wage and work location as stated in the petition.',
        'Signed by the employer and the beneficiary.',
      ]),
    });
  }
  if (t.agreement) {
    await s.post('/api/agreement/create', {
      name: t.agreement,
      serviceType: 1,
      templateId: await pdf(t.agreement, [
        `Services of ${tenantName} for the preparation and filing of immigration petitions.`,
        'Fees, responsibilities and termination.',
      ]),
    });
  }
  return { esign };
};

/** Issue 18: the firm's legal fee on every sub-type of a case type, saved through the Fees tab's calls. */
const addFees = async (s: Session, fees: NonNullable<TenantContent['fees']>) => {
  for (const f of fees) {
    const { items } = await s.post<{
      items: { id: number; details: { id: string | null; code: string; amount: number }[] }[];
    }>('/api/invoices/get-case-type-filing-fee-categories', { petitionType: f.typeId, invoiceDate: f.from });
    const body = {
      petitionType: f.typeId,
      invoiceDate: f.from,
      items: items.map((g) => ({
        id: g.id,
        details: g.details.map(({ id: _id, ...d }) => {
          const {
            scheduleAmount: _s,
            tenantId: _t,
            ...line
          } = d as typeof d & { scheduleAmount?: unknown; tenantId?: unknown };
          return d.code === 'LEGAL' ? { ...line, amount: f.legalFee } : line;
        }),
      })),
      changeItems: f.rename ?? [],
    };
    // Issue 36: a version dated in the past is saved with the count of open cases it changes, as the tab asks.
    const { affectedCases } = await s.post<{ affectedCases: number }>('/api/invoices/filing-fee-version-impact', body);
    await s.post('/api/invoices/save-case-type-filing-fee-categories', {
      ...body,
      confirmAffectedCases: affectedCases,
    });
  }
};

/** A new person of a demo case: 'Ana María López' is given name 'Ana María', family name 'López'. */
const demoPerson = (
  fullName: string,
  dates: Record<string, string | undefined> = {},
  details: DemoPersonDetails | undefined = undefined,
) => {
  const at = fullName.lastIndexOf(' ');
  const set = Object.fromEntries(Object.entries(dates).filter(([, v]) => v));
  return {
    person: { givenName: fullName.slice(0, at), familyName: fullName.slice(at + 1), ...details, ...set },
    allowSimilar: true,
  };
};

/**
 * Issue 34: the users the ASSIGN_* activities pick, invited as an admin would and accepting their invitation
 * (the link a server without mail transport shows the admin), so they are active; answers their ids by role.
 */
const inviteStaff = async (
  s: Session,
  staff: NonNullable<TenantContent['staff']>,
  accept: (token: string) => Promise<void>,
) => {
  const byRole = new Map<number, string>();
  for (const u of staff) {
    const { user, delivery } = await s.post<{ user: { _id: string }; delivery: { link: string | null } }>(
      '/api/users/invite',
      u,
    );
    const token = delivery.link?.split('#token=')[1];
    if (token) await accept(token);
    byRole.set(u.roleId, user._id);
  }
  return byRole;
};

/** Issue 34: the firm's SOC codes (Settings, SOC Codes); answers the first one's id. */
const addSocCodes = async (s: Session, socCodes: NonNullable<TenantContent['socCodes']>) => {
  const ids: string[] = [];
  for (const soc of socCodes)
    ids.push((await s.post<{ socCodeConfigId: string }>('/api/soc-code-config/add-soc-code', soc)).socCodeConfigId);
  return ids[0];
};

/** Issue 34: the law firm's petitioner (role 50) completes the petitioner profile, its address included. */
const completePetitionerProfile = async (s: Session, p: NonNullable<TenantContent['petitionerProfile']>) => {
  const address = await addressOf(s, p.address);
  const user = DEMO_USERS.find((u) => u.email === p.email)!;
  await s.post('/api/petitioner/update-profile', {
    petitionerInfo: {
      naicsCode: '541511',
      feiNumber: '94-3456789',
      address,
      mailingAddressSame: 'yes',
      authorizedSignatory: {
        firstName: user.firstName,
        middleName: '',
        lastName: user.lastName,
        title: 'Chief Executive Officer',
        email: p.email,
        phone: '4155550100',
        phoneCountryCode: { countryCode: 'US', countryCallingCode: '1' },
      },
      typeOfBusiness: 'Corporation',
      natureOfBusiness: `${p.company}: software development and IT consulting`,
      businessEstdDate: '2012-06-18',
      totalFullTimeEmployees: '85',
      estimatedGrossAnualIncome: '14500000',
      estimatedNetAnualIncome: '2100000',
      fiftyOrMoreEmployeesInUS: 'yes',
      moreThanHalfOnH1bL1: false,
      documents: {},
    },
  });
};

interface RunActivity {
  code: ActivityCode;
  kind: string;
  status: string;
  version: number;
  assigns: { roleId: number } | null;
  dependsOn: string[];
}

/**
 * Issue 34: moves a case's workflow through the Activities API as its users would: each activity in `through`
 * is completed after the ones it depends on (with what its kind records: the user an ASSIGN_* picks, the LCA,
 * the invoice, the filing fee); with a receipt number, UPDATE_USCIS_RESPONSE then records the receipt.
 */
const runCase = async (
  s: Session,
  caseId: string,
  run: NonNullable<TenantContent['cases'][number]['run']>,
  staff: Map<number, string>,
  today: string,
) => {
  const read = async () => (await s.post<{ list: RunActivity[] }>('/api/cases/activities/list', { caseId })).list;
  const dataOf = (a: RunActivity): Record<string, unknown> | undefined => {
    if (a.kind === 'assign') {
      const userId = staff.get(a.assigns?.roleId ?? 0);
      if (!userId) throw new Error(`demo content: no user of role ${a.assigns?.roleId} for ${a.code}`);
      return { userId };
    }
    if (a.kind === 'lca')
      return { lcaNumber: 'I-200-25123-456789', validFrom: addDays(today, 7), validTo: addDays(today, 7 + 3 * 365) };
    if (a.kind === 'invoice') return { lines: [{ label: 'Legal fee', amount: 3000 }] };
    if (a.kind === 'fee') return { amount: 1385, method: 'check', paidOn: today };
    return undefined;
  };
  const complete = async (code: string, depth = 0): Promise<void> => {
    if (depth > 40) throw new Error(`demo content: ${code} depends on too much`);
    let a = (await read()).find((x) => x.code === code);
    if (!a) throw new Error(`demo content: the workflow has no ${code}`);
    if (a.status === 'done' || a.status === 'skipped') return;
    for (const dep of a.dependsOn) await complete(dep, depth + 1);
    a = (await read()).find((x) => x.code === code)!;
    await s.post('/api/cases/activities/act', {
      caseId,
      code,
      version: a.version,
      action: 'complete',
      ...(dataOf(a) ? { data: dataOf(a) } : {}),
    });
  };
  for (const code of run.through) await complete(code);
  if (run.receiptNumber) {
    const uscis = (await read()).find((x) => x.code === 'UPDATE_USCIS_RESPONSE');
    if (!uscis) throw new Error('demo content: the workflow has no UPDATE_USCIS_RESPONSE');
    for (const dep of uscis.dependsOn) await complete(dep);
    const now = (await read()).find((x) => x.code === 'UPDATE_USCIS_RESPONSE')!;
    await s.post('/api/cases/activities/act', {
      caseId,
      code: now.code,
      version: now.version,
      action: 'uscis',
      outcome: 'receipt',
      data: { receiptNumber: run.receiptNumber },
    });
  }
};

const fillTenant = async (
  s: Session,
  key: DemoTenantKey,
  c: TenantContent,
  tools: {
    signInAs: (email: string) => Promise<Session & { end(): Promise<void> }>;
    acceptInvitation: (token: string) => Promise<void>;
  },
) => {
  const tenant = DEMO_TENANTS.find((t) => t.key === key)!;
  const admin = DEMO_USERS.find((u) => u.tenant === key && u.roleId === 3)!;
  await completeProfile(s, c, tenant, admin);
  const workflows = await completeWorkflows(s);
  await configureCaseTypes(s, c, workflows);
  const staff = c.staff ? await inviteStaff(s, c.staff, tools.acceptInvitation) : new Map<number, string>();
  const socCodeId = c.socCodes ? await addSocCodes(s, c.socCodes) : undefined;
  if (c.petitionerProfile) {
    const petitioner = await tools.signInAs(c.petitionerProfile.email);
    try {
      await completePetitionerProfile(petitioner, c.petitionerProfile);
    } finally {
      await petitioner.end();
    }
  }
  const today = dayIn(new Date(), timeZoneNameOf(TIMEZONES[0]?.id));
  const { list: petitioners } = await s.post<{ list: { _id: string }[] }>('/api/company/list', {});
  const toSign: { caseId: string; userId: string; role: 'petitioner' | 'signatory' }[] = [];
  for (const k of c.cases) {
    const dates = Object.fromEntries(
      Object.entries(k.datesInDays ?? {}).map(([key, n]) => [key, addDays(today, n as number)]),
    ) as Partial<Record<CaseDateKey, string>>;
    const { passportExpiry, i94Expiry, workAuthorizationExpiry, ...dateFacts } = dates;
    const petitionerId = k.petitioner ? petitioners[0]?._id : undefined;
    const opened = await s.post<{ case: { _id: string } }>('/api/cases/create', {
      subTypeId: k.subTypeId,
      ...(petitionerId ? { petitionerId } : {}),
      beneficiary: demoPerson(
        k.beneficiary,
        { passportExpiry, i94Expiry, statusExpiry: workAuthorizationExpiry },
        k.beneficiaryDetails,
      ),
      ...(k.sponsor ? { sponsor: demoPerson(k.sponsor, {}, k.sponsorDetails) } : {}),
      facts: { ...dateFacts, ...k.facts?.({ today, socCodeId }) },
    });
    const caseId = opened.case._id;
    if (k.linkPetitioner && petitionerId) {
      await s.post('/api/cases/link-account', { caseId, userId: petitionerId, roleId: 50 });
      toSign.push({ caseId, userId: petitionerId, role: 'petitioner' });
    }
    if (k.linkSignatory)
      for (const signatory of await usersOfRole(s, 12)) {
        await s.post('/api/cases/link-account', { caseId, userId: signatory._id, roleId: 12 });
        toSign.push({ caseId, userId: signatory._id, role: 'signatory' });
      }
    if (k.run) await runCase(s, caseId, k.run, staff, today);
  }
  for (const l of c.labels) await s.post('/api/message-label/create', l);
  if (c.fees) await addFees(s, c.fees);
  const { esign } = await addTemplates(s, tenant.name, c.templates);
  // Issue 35 item 3: the e-sign template's signature and date placed for the people the cases link (the law firm's
  // petitioner contact, the petitioner company's authorized signatory), and the document sent from each such case to
  // its person: petitioner@lawfirm.test and signatory@petitioner.test find it in To sign.
  const role = toSign[0]?.role;
  if (esign && role) {
    await s.post('/api/pdf-sign/save-template-fields', {
      templateId: esign.document,
      fields: [
        { page: 1, x: 56, y: 150, width: 220, height: 44, role, type: 'signature' },
        { page: 1, x: 330, y: 160, width: 110, height: 22, role, type: 'date' },
      ],
    });
    for (const x of toSign.filter((t) => t.role === role))
      await s.post('/api/cases/envelopes/send', {
        caseId: x.caseId,
        templateId: esign.templateId,
        signers: [{ role, userId: x.userId }],
      });
  }
};

/** The tenant's users of a role, as the Link account picker lists them. */
const usersOfRole = async (s: Session, roleId: number) =>
  (
    await s.post<{ list: { _id: string }[] }>('/api/users/list', {
      page: 1,
      perpage: 100,
      sorting: { path: 'name', order: 1 },
      filters: { roleIds: [roleId] },
    })
  ).list;

/**
 * Issue 21: the platform's default configuration of the case types the starter questionnaires were written
 * for, every sub-type of each: that questionnaire, the platform's forms for the case type, and the new tenant's
 * Default Workflow (docs/decisions.md, "The demo's platform defaults").
 */
export const DEMO_PLATFORM_DEFAULTS = [
  { typeId: 1, questionnaire: 'H-1B Beneficiary Questionnaire' },
  { typeId: 4, questionnaire: 'I-130 Petition for Alien Relative Questionnaire' },
  { typeId: 9, questionnaire: 'N-400 Naturalization Questionnaire' },
] as const;

/** Role 1 saves the demo's platform defaults on Case Configuration's routes (validated and audited). */
const setPlatformDefaults = async (s: Session) => {
  const { list: forms } = await s.post<{ list: { _id: string; caseTypeIds: number[]; active: boolean }[] }>(
    '/api/platform-library/forms/list',
    { kind: 'Form' },
  );
  const { list: rows } = await s.post<{ list: { typeId: number; subTypeId: number }[] }>(
    '/api/platform-library/case-configs/list',
    { typeIds: DEMO_PLATFORM_DEFAULTS.map((d) => d.typeId) },
  );
  for (const row of rows) {
    const wanted = DEMO_PLATFORM_DEFAULTS.find((d) => d.typeId === row.typeId)!;
    const questionnaire = STARTER_QUESTIONNAIRES.find((q) => q.name === wanted.questionnaire);
    if (!questionnaire) throw new Error(`demo content: no starter questionnaire '${wanted.questionnaire}'`);
    await s.post('/api/platform-library/case-configs/save', {
      typeId: row.typeId,
      subTypeId: row.subTypeId,
      questionnaireId: questionnaire.id,
      linkDefaultWorkflow: true,
      formIds: forms.filter((f) => f.active && f.caseTypeIds.includes(row.typeId)).map((f) => f._id),
    });
  }
};

/** Fills in every complete demo tenant (first start only: the caller runs it right after the seed). */
export const seedDemoContent = async (app: FastifyInstance, password: string): Promise<void> => {
  for (const [key, content] of Object.entries(CONTENT) as [DemoTenantKey, TenantContent][]) {
    const admin = DEMO_USERS.find((u) => u.tenant === key && u.roleId === 3);
    if (!admin) throw new Error(`demo content: ${key} has no administrator`);
    const session = await signIn(app, admin.email, password);
    try {
      await fillTenant(session, key, content, {
        signInAs: (email) => signIn(app, email, password),
        acceptInvitation: async (token) => {
          const res = await app.inject({
            method: 'POST',
            url: '/api/users/accept-link',
            headers: XHR,
            payload: { token, newPassword: password },
          });
          if (res.statusCode !== 200)
            throw new Error(`demo content: accepting an invitation answered ${res.statusCode}`);
        },
      });
    } finally {
      await session.end();
    }
  }
  const platformAdmin = DEMO_USERS.find((u) => u.roleId === 1);
  if (!platformAdmin) throw new Error('demo content: no platform administrator');
  const session = await signIn(app, platformAdmin.email, password);
  try {
    await setPlatformDefaults(session);
  } finally {
    await session.end();
  }
};
