import { describe, expect, it } from 'vitest';
import {
  isWordFile,
  SocAddBodySchema,
  SocListBodySchema,
  SocManageStatusBodySchema,
  SocUpdateDocumentsBodySchema,
  socEmptyText,
  socRowActions,
  statusConfirm,
} from './contracts';

const valid = {
  name: '15-1252',
  designation: 'Software Developers',
  description: '<p>Develop</p>',
  jobTitles: '<ul><li>Engineer</li></ul>',
};
const id = '6f1c7a2e-5b3d-4c8e-9a01-0c5a1e000001';
const messages = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];

describe('SOC rules', () => {
  it('R-SOC-025: Name, Designation, Description and Job Titles are required', () => {
    const r = SocAddBodySchema.safeParse({ name: ' ', designation: '', description: '<p></p>', jobTitles: '' });
    expect(messages(r)).toEqual([
      'Name is required',
      'Designation is required',
      'Description is required',
      'Job Titles is required',
    ]);
  });

  it('R-SOC-026: Name accepts at most 15 characters', () => {
    expect(SocAddBodySchema.safeParse({ ...valid, name: 'x'.repeat(15) }).success).toBe(true);
    expect(messages(SocAddBodySchema.safeParse({ ...valid, name: 'x'.repeat(16) }))).toEqual([
      'Name must be at most 15 characters',
    ]);
  });

  it('R-SOC-028: templates are optional', () => {
    expect(SocAddBodySchema.parse(valid)).toMatchObject({ document: [], attachments: [] });
  });

  it('R-SOC-024: the form payload has name, designation, jobTitles, description, socId, socDetails, document[], attachments[]; nothing else', () => {
    const full = {
      ...valid,
      socId: 27,
      socDetails: { name: '15-1252', designation: 'Software Developers' },
      document: [],
      attachments: [{ name: 'a.docx', path: 'private/a.docx' }],
    };
    expect(SocAddBodySchema.safeParse(full).success).toBe(true);
    expect(SocAddBodySchema.safeParse({ ...full, tenantId: id }).success).toBe(false);
  });

  it('R-SOC-029: only Word files (msword or docx mimetypes) are accepted', () => {
    expect(
      isWordFile({ name: 'a.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }),
    ).toBe(true);
    expect(isWordFile({ name: 'a.doc', type: 'application/msword' })).toBe(true);
    expect(isWordFile({ name: 'a.docx', type: 'application/pdf' })).toBe(false);
    expect(isWordFile({ name: 'a.docm', type: 'application/vnd.ms-word.document.macroEnabled.12' })).toBe(false);
    expect(isWordFile({ name: 'a.pdf', type: '' })).toBe(false);
  });

  it('R-SOC-030: bulk upload needs at least one uploaded file', () => {
    expect(messages(SocUpdateDocumentsBodySchema.safeParse({ socCodeConfigIds: [id], document: [] }))).toEqual([
      'Upload at least one file',
    ]);
  });

  it('R-SOC-016, R-SOC-017: inactivating sends status false and needs a New SOC Code', () => {
    expect(messages(SocManageStatusBodySchema.safeParse({ socCodeConfigId: id, status: false }))).not.toEqual([]);
    expect(SocManageStatusBodySchema.parse({ socCodeConfigId: id, status: false, newSocCode: '15-1253' })).toEqual({
      socCodeConfigId: id,
      status: false,
      newSocCode: '15-1253',
    });
  });

  it('R-SOC-018: activating sends status true and no newSocCode', () => {
    expect(SocManageStatusBodySchema.safeParse({ socCodeConfigId: id, status: true }).success).toBe(true);
    expect(SocManageStatusBodySchema.safeParse({ socCodeConfigId: id, status: true, newSocCode: 'x' }).success).toBe(
      false,
    );
  });

  it('R-SOC-023: status is a boolean, true means Active; R-SOC-011: the row offers Inactivate or Activate', () => {
    expect(socRowActions({ status: true, document: [] }).statusAction).toBe('Inactivate');
    expect(socRowActions({ status: false, document: [] }).statusAction).toBe('Activate');
  });

  it('R-SOC-008: View only when the row has documents', () => {
    expect(socRowActions({ status: true, document: [] }).view).toBe(false);
    expect(socRowActions({ status: true, document: [{}] }).view).toBe(true);
  });

  it('R-SOC-009: one document downloads directly', () => {
    expect(socRowActions({ status: true, document: [{}] }).download).toBe('direct');
  });

  it('R-SOC-010: several documents open the documents view', () => {
    expect(socRowActions({ status: true, document: [{}, {}] }).download).toBe('documents');
  });

  it("R-SOC-014, R-SOC-015, D-25: the confirm dialog's title and text for each direction", () => {
    expect(statusConfirm(true)).toEqual({
      title: 'Inactivate SOC Configuration',
      message: 'Are you sure of Inactivate this?',
      needsNewCode: true,
    });
    expect(statusConfirm(false)).toEqual({
      title: 'Activate SOC Configuration',
      message: 'Are you sure of Activate this?',
      needsNewCode: false,
    });
  });

  it("R-SOC-019 (replaced by D-24): the empty state reads 'No SOC Codes Found'; R-SOC-020: 'No Results Found' after a search", () => {
    expect(socEmptyText(false)).toBe('No SOC Codes Found');
    expect(socEmptyText(true)).toBe('No Results Found');
  });

  it('R-SOC-003: statusList is an array of booleans; R-SOC-006: name is a sort path', () => {
    expect(
      SocListBodySchema.parse({ filters: { statusList: [true] }, sorting: { path: 'name', order: 1 } }).filters
        .statusList,
    ).toEqual([true]);
    expect(SocListBodySchema.safeParse({ filters: { statusList: ['Active'] } }).success).toBe(false);
  });
});
