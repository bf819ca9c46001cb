import { type Executor, schema, type Tx } from '@caseport/db/client';
import { recordAudit } from './audit';
import type { RequestContext } from './context';
import type { FileStorage } from './file-storage';
import { storeUploads } from './files';

/**
 * The forms & letters every tenant starts with (issue 5: seeded per tenant until their own area exists; the
 * questionnaires are the platform's library since issue 21, packages/domain/src/questionnaires/starters.ts).
 * The documents are real .docx / .pdf files generated here and stored through the ordinary upload path, so
 * Download serves them like any other tenant file.
 */

interface StarterDoc {
  name: string;
  type: 'Form' | 'Letter' | 'audit_response';
  file: string;
  lines: string[];
}

export const STARTER_FORMS_AND_LETTERS: readonly StarterDoc[] = [
  {
    name: 'G-28 Cover Sheet',
    type: 'Form',
    file: 'G-28 Cover Sheet.pdf',
    lines: [
      'Notice of Entry of Appearance as Attorney (Form G-28) - cover sheet',
      'Attorney name: ______________________   Bar number: __________',
      'Client name: ________________________   A-Number: ___________',
      'Attach the signed Form G-28 on top of every filing.',
    ],
  },
  {
    name: 'I-129 Filing Checklist',
    type: 'Form',
    file: 'I-129 Filing Checklist.pdf',
    lines: [
      'Form I-129 filing checklist',
      '[ ] Filing fee and, if requested, Form I-907 premium processing',
      '[ ] Certified Labor Condition Application (H-1B)',
      '[ ] Employer support letter and beneficiary degree evaluation',
      '[ ] Copies of passport, visa and I-94 record',
    ],
  },
  {
    name: 'H-1B Employer Support Letter',
    type: 'Letter',
    file: 'H-1B Employer Support Letter.docx',
    lines: [
      'U.S. Citizenship and Immigration Services',
      '{todayDate}',
      'Re: Petition for a Nonimmigrant Worker (H-1B) for {beneficiaryFullName}, case {caseNumber}',
      'Dear Officer,',
      '{petitionerName} respectfully submits this letter in support of its petition to employ {beneficiaryFullName} in the specialty occupation of {jobTitle} (SOC {socCode}, {socDesignation}).',
      'The position is located at {worksiteAddress}. The offered wage is {offeredWage} and employment will begin on {startDate}.',
      'The duties of the position require at least a bachelor degree in a specific specialty, which {beneficiaryFullName} holds.',
      'Sincerely,',
      '{petitionerName}, {petitionerAddress}',
    ],
  },
  {
    name: 'Client Engagement Letter',
    type: 'Letter',
    file: 'Client Engagement Letter.docx',
    lines: [
      'Engagement of legal services',
      '{todayDate}',
      'Dear {beneficiaryFullName},',
      'This letter confirms that our firm will represent you and {petitionerName} in the preparation and filing of your {caseType} ({caseSubType}) matter, case {caseNumber}.',
      'Scope of representation, fees and responsibilities are set out in the attached schedule. Please sign and return a copy of this letter.',
      'Sincerely,',
    ],
  },
  {
    name: 'Employment Verification Letter',
    type: 'Letter',
    file: 'Employment Verification Letter.docx',
    lines: [
      'Employment verification',
      '{todayDate}',
      'To whom it may concern,',
      'This letter confirms that {beneficiaryFullName} is employed by {petitionerName}, {petitionerAddress}, as {jobTitle} since {startDate}, at an annual salary of {offeredWage}.',
      'The employee works at {worksiteAddress}.',
      'Sincerely,',
    ],
  },
  {
    name: 'Expert Opinion Letter Template',
    type: 'Letter',
    file: 'Expert Opinion Letter Template.docx',
    lines: [
      'Expert opinion on the specialty occupation of {jobTitle}',
      'I have reviewed the duties of the position and the credentials of {beneficiaryFullName}.',
      'In my professional opinion the position requires at least a bachelor degree in a specific field.',
    ],
  },
  {
    name: 'PERM Audit Response Cover Letter',
    type: 'audit_response',
    file: 'PERM Audit Response Cover Letter.docx',
    lines: [
      'U.S. Department of Labor, Office of Foreign Labor Certification',
      'Re: Audit notification for case {caseNumber}',
      'Enclosed please find the documentation requested in the audit notification.',
    ],
  },
];

const docxOf = async (lines: string[]) => {
  // Loaded when a starter document is first made, not at every server start (warm start, issue 15).
  const { Document, HeadingLevel, Packer, Paragraph, TextRun } = await import('docx');
  const [title, ...rest] = lines;
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(title ?? '')] }),
          ...rest.map((l) => new Paragraph({ children: [new TextRun(l)] })),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
};

const pdfOf = async (lines: string[]) => {
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  lines.forEach((line, i) => {
    page.drawText(line, { x: 56, y: 720 - i * 24, size: i === 0 ? 14 : 11, font: i === 0 ? bold : font });
  });
  return Buffer.from(await pdf.save());
};

const cache = new Map<string, Promise<Buffer>>();
/** The bytes of a starter document (generated once per process). */
export const starterDocument = (d: StarterDoc): Promise<Buffer> => {
  let hit = cache.get(d.file);
  if (!hit) {
    hit = d.file.endsWith('.pdf') ? pdfOf(d.lines) : docxOf(d.lines);
    cache.set(d.file, hit);
  }
  return hit;
};

// The starter library is shared by the case-types and letters areas (either may be the tenant's first use), so it
// lives here rather than in one of them (issue 40: a feature imports no other feature).

/** Creates the tenant's settings row; true only for the call that created it (it then seeds the library). */
const claimSettings = async (tx: Executor, tenantId: string) => {
  const rows = await tx.insert(schema.caseTypeSettings).values({ tenantId }).onConflictDoNothing().returning();
  return rows.length > 0;
};

const insertFormLetter = (tx: Executor, row: typeof schema.formsAndLetters.$inferInsert) =>
  tx.insert(schema.formsAndLetters).values(row);

/**
 * The tenant's starter library (forms & letters with real documents), created the
 * first time the tenant's case-type configuration is used. The settings row is the claim: a concurrent
 * first call waits on it and finds it taken.
 */
export const ensureLibrary = async (
  tx: Tx,
  ctx: RequestContext & { tenantId: string },
  storage: FileStorage,
  { audit = true }: { audit?: boolean } = {},
): Promise<string[] | null> => {
  if (!(await claimSettings(tx, ctx.tenantId))) return null;
  const files: string[] = [];
  for (const d of STARTER_FORMS_AND_LETTERS) {
    // One audit row for the library, naming its files (SECURITY 19), instead of one more per starter file.
    const [file] = await storeUploads(
      tx,
      ctx,
      storage,
      'document',
      'private',
      [{ filename: d.file, data: await starterDocument(d) }],
      { audit: false },
    );
    files.push(file!.path);
    await insertFormLetter(tx, {
      tenantId: ctx.tenantId,
      name: d.name,
      type: d.type,
      documentPath: file!.path,
      documentName: file!.name,
    });
  }
  if (audit)
    await recordAudit(tx, ctx, {
      entity: 'case_type_library',
      entityId: ctx.tenantId,
      action: 'create',
      after: { files },
    });
  return files;
};
