import {
  ESIGN_SORT_PATHS,
  EsignSaveBodySchema,
  type EsignTemplateItem,
  EsignUpdateBodySchema,
} from '@caseport/domain/templates/contracts';
import { Text } from '@mantine/core';
import { type TemplateListConfig, TemplateListPage } from './template-list-page';

/** E-Sign Templates tab (002 §2.6, §3.5, §5.4, §7.5). */
const config: TemplateListConfig<EsignTemplateItem> = {
  title: 'E-Sign Templates',
  listKey: 'esign_templates',
  sortPaths: ESIGN_SORT_PATHS,
  noun: 'template',
  endpoints: {
    kind: 'esign',
    list: '/api/pdf-sign/esign-template-list',
    create: '/api/pdf-sign/save-esign-template',
    update: '/api/pdf-sign/update-esign-template',
    remove: '/api/pdf-sign/delete-esign-template',
    removeBody: (t) => ({ templateId: t._id }),
  },
  // R-ESIGN-001: Name, Type, No of Work Locations, Document preview.
  columns: [
    { key: 'name', header: 'Name', sortPath: 'name', render: (t) => <Text fw={500}>{t.name}</Text> },
    { key: 'type', header: 'Type', sortPath: 'tplTypeName', render: (t) => t.tplTypeName },
    {
      key: 'locations',
      header: 'No of Work Locations',
      sortPath: 'noOfWorkLocations',
      align: 'center',
      render: (t) => t.noOfWorkLocations,
    },
  ],
  form: {
    kind: 'esign',
    addTitle: 'Add Template',
    editTitle: 'Edit Template',
    type: { category: 'sign_doc_tpl', label: 'Type' },
    workLocations: true,
    documentLabel: 'Template Document',
    valuesOf: (t) => ({
      name: t.name,
      type: String(t.tplType),
      workLocations: String(t.noOfWorkLocations),
      document: t.document,
    }),
    // R-ESIGN-013/014: name, tplType, prepareTemplateId, noOfWorkLocations (+ templateId on update).
    bodyOf: (v, _typeName, item) => ({
      name: v.name.trim(),
      tplType: v.type ? Number(v.type) : undefined,
      prepareTemplateId: v.document?.path,
      noOfWorkLocations: v.workLocations ? Number(v.workLocations) : undefined,
      ...(item ? { templateId: item._id } : {}),
    }),
    schemaOf: (item) => (item ? EsignUpdateBodySchema : EsignSaveBodySchema),
    fieldOf: { name: 'name', tplType: 'type', noOfWorkLocations: 'workLocations', prepareTemplateId: 'document' },
  },
};

export default function EsignTemplatesPage() {
  return <TemplateListPage config={config} />;
}
