import type { TabKey } from '@caseport/domain/settings/tabs';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { TabPanelProps } from '../lib/tab-panel';

export type TabPanel = LazyExoticComponent<ComponentType<TabPanelProps>>;

/**
 * Every settings tab, each loaded on demand (its own chunk). An area replaces its line with
 * `lazy(() => import('../features/<area>/<area>-page'))`.
 */
export const TAB_PANELS: Record<TabKey, TabPanel> = {
  profile: lazy(() => import('../features/profile/profile-page')),
  invoiceList: lazy(() => import('../features/billing/billing-page')),
  branchList: lazy(() => import('../features/branches/branches-page')),
  branchCreate: lazy(() => import('../features/branches/branch-create-page')),
  branchDetails: lazy(() => import('../features/branches/branch-details-page')),
  usersRoles: lazy(() => import('./user-roles-tab')),
  caseTypes: lazy(() => import('../features/case-types/case-catalogue-page')),
  workflow: lazy(() => import('../features/workflows/workflows-page')),
  questionnarie: lazy(() => import('../features/case-types/case-types-page')),
  caseCodeConfig: lazy(() => import('../features/case-codes/case-codes-page')),
  socSettings: lazy(() => import('../features/soc-codes/soc-codes-page')),
  servicesCenters: lazy(() => import('../features/service-centers/service-centers-page')),
  configReminders: lazy(() => import('../features/reminders/reminders-page')),
  quickbooksSettings: lazy(() => import('../features/accounting/accounting-page')),
  formsAndLetters: lazy(() => import('../features/platform-library/forms-and-letters-page')),
  petitionConfigList: lazy(() => import('../features/platform-library/case-configuration-page')),
  questionnaireTemplateList: lazy(() => import('../features/questionnaires/questionnaires-page')),
  SignDocumentTemplates: lazy(() => import('../features/templates/esign-templates-page')),
  contractTemplates: lazy(() => import('../features/templates/contract-templates-page')),
  agreements: lazy(() => import('../features/templates/agreements-page')),
  lettersTemplate: lazy(() => import('../features/letters/letters-page')),
  headerTemplate: lazy(() => import('../features/letters/header-templates-page')),
  fillingFeeSettings: lazy(() => import('../features/filing-fees/filing-fees-page')),
  labelsList: lazy(() => import('../features/labels/labels-page')),
  users: lazy(() => import('../features/users/users-page')),
};

/** Role 50's wrapper screen (R-SHELL-002/003); the profile area will provide the petitioner form. */
export const PETITIONER_PROFILE_PANEL: TabPanel = lazy(() => import('../features/profile/petitioner-profile-panel'));
