import {
  CONTRACT_SORT_PATHS,
  ContractCreateBodySchema,
  type ContractTemplateItem,
  ContractUpdateBodySchema,
} from '@caseport/domain/templates/contracts';
import { Text } from '@mantine/core';
import { type TemplateListConfig, TemplateListPage } from './template-list-page';

/** Contract Templates tab (002 §2.7, §3.6, §5.4, §7.6). */
const config: TemplateListConfig<ContractTemplateItem> = {
  title: 'Contract Templates',
  listKey: 'contract_templates',
  sortPaths: CONTRACT_SORT_PATHS,
  noun: 'template',
  endpoints: {
    kind: 'contract',
    list: '/api/contract-template/list',
    create: '/api/contract-template/create',
    update: '/api/contract-template/update',
    remove: '/api/contract-template/delete',
    removeBody: (t) => ({ contractTemplateId: t._id }),
  },
  // R-CONTRACT-001: Name and Document preview.
  columns: [{ key: 'name', header: 'Name', sortPath: 'name', render: (t) => <Text fw={500}>{t.name}</Text> }],
  form: {
    kind: 'contract',
    addTitle: 'Add Template',
    editTitle: 'Edit Template',
    documentLabel: 'Template Document',
    valuesOf: (t) => ({ name: t.name, type: null, workLocations: null, document: t.document }),
    // R-CONTRACT-007/008: name, templateId (+ contractTemplateId on update).
    bodyOf: (v, _typeName, item) => ({
      name: v.name.trim(),
      templateId: v.document?.path,
      ...(item ? { contractTemplateId: item._id } : {}),
    }),
    schemaOf: (item) => (item ? ContractUpdateBodySchema : ContractCreateBodySchema),
    fieldOf: { name: 'name', templateId: 'document' },
  },
};

export default function ContractTemplatesPage() {
  return <TemplateListPage config={config} />;
}
