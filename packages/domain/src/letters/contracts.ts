import { z } from 'zod';
import { listOf, timestamp } from '../api/responses';
import { id, int4, text } from '../api/scalars';
import { FORM_LETTER_PER_PAGE, FORM_LETTER_TYPES } from '../case-types/contracts';
import { DateRangeSchema, SortOrderSchema } from '../list/list-query';
import { LETTER_VARIABLES } from '../soc-codes/contracts';
import { DocumentRefSchema, TEMPLATE_NAME_MAX } from '../templates/contracts';

/**
 * Letters and letter headers (002 §2.4, §2.5, §3.4, §4.4, §4.5, §5.3, §7.4; issue 20). Both are rows of the
 * tenant's forms and letters (the list the case-type configuration links, R-CASETYPE-014): a letter is
 * type 'Letter' without a docTypeId, a header is docTypeId 'header_template'. Each holds one .docx uploaded
 * through /api/common/upload (purpose 'word') and named here by its stored path (`templateId`).
 */

export const HEADER_DOC_TYPE = 'header_template' as const;
export const DOC_TYPE_IDS = [HEADER_DOC_TYPE] as const;
export const LETTER_TYPE = 'Letter' as const;

/** R-LETTER-001. */
export const LETTER_SEARCH_PLACEHOLDER = 'Search by Name/Type';
/** R-LETTER-005. */
export const LETTER_DELETE_QUESTION = 'Are you sure you want to Delete?';
/** R-LETTER-024 (002 §7.3): the case-type lists of the header modal. */
export const HEADER_TYPE_PAGE_SIZE = 25;
/** R-LETTER-009: what the editor frame posts to its parent when it is done. */
export const CLOSE_POPUP_MESSAGE = 'closePopup';
/** The editor page's route (same origin, opened in a frame by Add, Edit and View, R-LETTER-007/008). */
export const LETTER_EDITOR_PATH = '/letter-editor';

export const LETTER_MESSAGES = {
  /** R-LETTER-019. */
  letterNameRequired: 'Please Enter Letter Name',
  /** R-LETTER-020. */
  nameRequired: 'Name is required',
  /** R-LETTER-021. */
  caseTypeRequired: 'Case Type is required',
  /** R-LETTER-023. */
  documentRequired: 'Template Document is required',
  notWord: 'Upload Only MS Word Files',
} as const;

// ---- the list (R-LETTER-012..014) ----

export const LETTER_SORT_PATHS = ['name', 'type', 'caseTypeName', 'createdOn'] as const;
export type LetterSortPath = (typeof LETTER_SORT_PATHS)[number];

/**
 * POST /form-letter/list: the case-type configuration's picker sends {page, perpage, getMasterData} (sorted by
 * name); the letter lists add filters, sorting, timezone and today (R-LETTER-012).
 */
export const FormLetterListBodySchema = z
  .object({
    page: int4().min(1).max(1_000_000).default(1),
    perpage: int4().min(1).max(FORM_LETTER_PER_PAGE).default(FORM_LETTER_PER_PAGE),
    getMasterData: z.boolean().optional(),
    /**
     * Issue 21: role 1's checklist of a tenant asks for the platform library's entries too (after the tenant's
     * own, on the first page); the tenant's checklist asks with getMasterData (R-CASETYPE-014 fixes its body);
     * the Letter and Header Templates lists send neither.
     */
    withPlatformLibrary: z.boolean().optional(),
    /** Issue 21: role 1 reads a tenant's checklist to edit its configuration (D-02); ignored for other roles. */
    tenantId: z.uuid().optional(),
    filters: z
      .object({
        title: text().max(100).optional(),
        /** The spec sends it; letters have no status, so any value matches every row. */
        statusIds: z.array(int4()).max(10).optional(),
        typeIds: z.array(z.enum(FORM_LETTER_TYPES)).max(3).optional(),
        createdDateRange: DateRangeSchema.optional(),
        docTypeIds: z.array(z.enum(DOC_TYPE_IDS)).max(1).optional(),
      })
      .strict()
      .default({}),
    sorting: z
      .object({ path: z.enum(LETTER_SORT_PATHS), order: SortOrderSchema })
      .strict()
      .optional(),
    /** The IANA zone the screen shows dates in (the tenant's): createdDateRange's days are that zone's days. */
    timezone: text().max(64).optional(),
    today: text().max(40).optional(),
  })
  .strict();
export type FormLetterListBody = z.infer<typeof FormLetterListBodySchema>;

const NamedRef = z.object({ id: z.number(), name: z.string() }).nullable();

/** R-LETTER-015 (002 §3.4), and R-CASETYPE-014's picker fields. */
export const FormLetterSchema = z.object({
  _id: z.string(),
  name: z.string(),
  type: z.enum(FORM_LETTER_TYPES),
  docTypeId: z.enum(DOC_TYPE_IDS).nullable(),
  description: z.string().nullable(),
  edition: z.string().nullable(),
  tenantId: z.string(),
  fromTenant: z.boolean(),
  caseTypeDetails: NamedRef,
  caseSubTypeDetails: NamedRef,
  docTypeDetails: z.object({ name: z.string() }).nullable(),
  createdOn: timestamp(),
  document: z.object({ path: z.string(), name: z.string() }),
  /** The stored .docx the editor opens (the document's path, as the e-sign templates name theirs). */
  prepareTemplateId: z.string(),
  tplType: z.string(),
  /** Issue 21: 'platform' for an entry of the platform's library (its current edition), else the tenant's own. */
  library: z.enum(['tenant', 'platform']).optional(),
  /** The case types and sub-types a platform entry is meant for (both empty: every case). */
  caseTypeIds: z.array(z.number()).optional(),
  caseSubTypeIds: z.array(z.number()).optional(),
});
/** As the web reads it (dates as text). */
export type FormLetter = z.input<typeof FormLetterSchema>;
/** As the server hands it (createdOn a Date). */
export type FormLetterRecord = z.output<typeof FormLetterSchema>;
export const FormLetterListSchema = listOf(FormLetterSchema).extend({
  masterData: z.object({ formTypes: z.array(z.enum(FORM_LETTER_TYPES)).readonly() }).optional(),
});

/** R-CASETYPE-015, R-LETTER-006: delete by formAndLetterId. */
export const FormLetterDeleteBodySchema = z.object({ formAndLetterId: z.uuid() }).strict();

// ---- the editor's callbacks (R-LETTER-010/011) ----

const LetterNameSchema = text({ error: LETTER_MESSAGES.nameRequired })
  .trim()
  .min(1, LETTER_MESSAGES.nameRequired)
  .max(TEMPLATE_NAME_MAX, `Name must be at most ${TEMPLATE_NAME_MAX} characters`);
const CaseTypeIdSchema = id({ error: LETTER_MESSAGES.caseTypeRequired });

const letterFields = {
  name: LetterNameSchema,
  type: z.literal(LETTER_TYPE),
  docTypeId: z.enum(DOC_TYPE_IDS).nullable().optional(),
  description: text().trim().max(500).nullable().optional(),
  edition: text().trim().max(50).nullable().optional(),
  caseTypeId: CaseTypeIdSchema.nullable().optional(),
  caseSubTypeId: id().nullable().optional(),
  /** The .docx the editor saved, uploaded first with purpose 'word' (R-LETTER-023). */
  templateId: DocumentRefSchema(LETTER_MESSAGES.documentRequired),
  fromTenant: z.boolean().optional(),
};

/**
 * R-LETTER-021: a header belongs to a case type; a letter may name one. Checked even when other fields are
 * wrong (`when`), so the form learns every missing field at once.
 */
const headerNeedsCaseType = {
  check: (body: { docTypeId?: unknown; caseTypeId?: unknown }) =>
    body.docTypeId !== HEADER_DOC_TYPE || (body.caseTypeId !== null && body.caseTypeId !== undefined),
  params: {
    path: ['caseTypeId'],
    message: LETTER_MESSAGES.caseTypeRequired,
    when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
  },
};

export const FormLetterCreateBodySchema = z
  .object(letterFields)
  .strict()
  .refine(headerNeedsCaseType.check, headerNeedsCaseType.params);
export const FormLetterUpdateBodySchema = z
  .object({ ...letterFields, formAndLetterId: z.uuid() })
  .strict()
  .refine(headerNeedsCaseType.check, headerNeedsCaseType.params);
export type FormLetterCreateBody = z.infer<typeof FormLetterCreateBodySchema>;
export type FormLetterUpdateBody = z.infer<typeof FormLetterUpdateBodySchema>;
export const FormLetterSavedSchema = z.object({ message: z.string(), item: FormLetterSchema.nullable() });

// ---- filled for a case (issue 20) ----

export const FILL_FORMATS = ['docx', 'pdf'] as const;
export const FormLetterFillBodySchema = z
  .object({
    formAndLetterId: z.uuid(),
    caseId: z.uuid(),
    format: z.enum(FILL_FORMATS).default('docx'),
    /** Issue 34: make the file although tags have no value ('Download anyway'); without it such a fill stores nothing. */
    anyway: z.boolean().optional(),
  })
  .strict();
export type FormLetterFillBody = z.infer<typeof FormLetterFillBodySchema>;
/** The filled document is stored as the tenant's file and downloaded through /common/viewfile. */
export const FormLetterFilledSchema = z.object({
  message: z.string(),
  /**
   * The filled file, also recorded as one of the case's documents; null when tags have no value and the call did
   * not ask for it `anyway` (nothing is stored then).
   */
  document: z.object({ path: z.string(), name: z.string() }).nullable(),
  /** The tags the case had no value for: left as a visible blank in the document. */
  missing: z.array(z.string()),
  /**
   * Issue 34: each missing tag with its label and the case field that holds it (cases/sources.ts fieldRefParam:
   * 'fact.jobTitle', 'beneficiary.name' ...; '' for a tag no case field holds), for the link
   * `/cases/<caseId>?field=<field>`.
   */
  missingFields: z.array(z.object({ tag: z.string(), label: z.string(), field: z.string() })),
});
export type FormLetterFilled = z.infer<typeof FormLetterFilledSchema>;

/** Whether the server can also give a PDF (LibreOffice present): POST {} (R-API-001, every call is POST). */
export const FormLetterCapabilitiesBodySchema = z.object({}).strict();
export const FormLetterCapabilitiesSchema = z.object({ pdf: z.boolean() });

// ---- tags ----

/** What a missing value is filled with: a blank the reader sees. */
export const MISSING_VALUE_BLANK = '__________';

/**
 * The {tags} a letter may hold (LETTER_VARIABLES, 001 §7) and the case's own. The case values fill them
 * (apps/server features/letters fill.ts); the editor offers them as insertable tags.
 */
export const CASE_LETTER_VARIABLES = [
  { key: '{caseNumber}', label: 'Case number' },
  { key: '{caseType}', label: 'Case type' },
  { key: '{caseSubType}', label: 'Case subtype' },
  { key: '{sponsorName}', label: 'Sponsor name' },
  { key: '{applicantName}', label: 'Applicant name' },
] as const;
export const LETTER_TAGS = [...LETTER_VARIABLES, ...CASE_LETTER_VARIABLES] as const;
/** '{socCode}' → 'socCode'. */
export const tagName = (key: string) => key.replace(/^\{|\}$/g, '');
