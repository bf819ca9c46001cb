import {
  AGREEMENT_SORT_PATHS,
  AgreementCreateBodySchema,
  type AgreementItem,
  AgreementUpdateBodySchema,
  ONE_AGREEMENT_MESSAGE,
} from '@caseport/domain/templates/contracts';
import { Text } from '@mantine/core';
import { type TemplateListConfig, TemplateListPage } from './template-list-page';

/** Agreements tab: the one service agreement (002 §2.8, §3.7, §4.3, §5.5, §7.7). */
const config: TemplateListConfig<AgreementItem> = {
  title: 'Agreements',
  listKey: 'agreements',
  sortPaths: AGREEMENT_SORT_PATHS,
  noun: 'agreement',
  endpoints: {
    kind: 'agreement',
    list: '/api/agreement/list',
    create: '/api/agreement/create',
    update: '/api/agreement/update',
    remove: '/api/agreement/delete',
    removeBody: (a) => ({ agreementId: a._id }),
  },
  // R-AGREE-001: Type, Name, Document preview.
  columns: [
    { key: 'type', header: 'Type', sortPath: 'serviceTypeName', render: (a) => a.serviceTypeName },
    { key: 'name', header: 'Name', sortPath: 'name', render: (a) => <Text fw={500}>{a.name}</Text> },
  ],
  form: {
    kind: 'agreement',
    addTitle: 'Add Agreement',
    editTitle: 'Edit Agreement',
    type: { category: 'agreement_types', label: 'Type', first: true },
    documentLabel: 'Agreement Document',
    valuesOf: (a) => ({ name: a.name, type: String(a.serviceType), workLocations: null, document: a.document }),
    // R-AGREE-010/011: name, serviceType, serviceTypeName, templateId (+ agreementId on update).
    bodyOf: (v, typeName, item) => ({
      name: v.name.trim(),
      serviceType: v.type ? Number(v.type) : undefined,
      ...(typeName ? { serviceTypeName: typeName } : {}),
      templateId: v.document?.path,
      ...(item ? { agreementId: item._id } : {}),
    }),
    schemaOf: (item) => (item ? AgreementUpdateBodySchema : AgreementCreateBodySchema),
    fieldOf: { name: 'name', serviceType: 'type', templateId: 'document' },
  },
  // R-AGREE-006: with one agreement listed (no search narrowing the list) Add is refused at once; the server
  // refuses a second one too.
  refuseAdd: (totalCount, searching) => (totalCount > 0 && !searching ? ONE_AGREEMENT_MESSAGE : null),
};

export default function AgreementsPage() {
  return <TemplateListPage config={config} />;
}
