import type { RoleId, TenantTypeId } from '../auth/roles';

/**
 * The settings tab table (000 §2 "Settings tabs", R-SHELL-013..040).
 * `menuRoles` decides who sees the sidebar entry; `contentRoles` who may open the tab's content
 * (and therefore call the API behind it, D-02). They differ for socSettings, SignDocumentTemplates
 * and the menu-less tabs (users, branchCreate, branchDetails).
 */
export interface TabDef {
  key: TabKey;
  label: string;
  /** The feature folder that implements the tab (same name on server, web and domain). */
  area: string;
  menuRoles: readonly RoleId[];
  contentRoles: readonly RoleId[];
  /** Tenant types the tab exists for; absent means both. */
  tenantTypes?: readonly TenantTypeId[];
  hiddenInMobile?: boolean;
}

export const TAB_KEYS = [
  'profile',
  'invoiceList',
  'branchList',
  'branchCreate',
  'branchDetails',
  'usersRoles',
  'caseTypes',
  'workflow',
  'questionnarie',
  'caseCodeConfig',
  'socSettings',
  'servicesCenters',
  'configReminders',
  'quickbooksSettings',
  'formsAndLetters',
  'petitionConfigList',
  'questionnaireTemplateList',
  'SignDocumentTemplates',
  'contractTemplates',
  'agreements',
  'lettersTemplate',
  'headerTemplate',
  'fillingFeeSettings',
  'labelsList',
  'users',
] as const;
export type TabKey = (typeof TAB_KEYS)[number];

const ALL = [1, 2, 3, 4] as const;
const NONE = [] as const;

export const TABS: readonly TabDef[] = [
  { key: 'profile', label: 'Company Details', area: 'profile', menuRoles: [3], contentRoles: [3] },
  {
    key: 'invoiceList',
    label: 'Billing & Payments',
    area: 'billing',
    menuRoles: [3, 4],
    contentRoles: [3, 4],
    hiddenInMobile: true,
  },
  { key: 'branchList', label: 'Branches', area: 'branches', menuRoles: [3, 4], contentRoles: [3, 4] },
  { key: 'branchCreate', label: 'Branches', area: 'branches', menuRoles: NONE, contentRoles: [3, 4] },
  { key: 'branchDetails', label: 'Branches', area: 'branches', menuRoles: NONE, contentRoles: [3, 4] },
  { key: 'usersRoles', label: 'User Roles', area: 'users', menuRoles: ALL, contentRoles: ALL },
  { key: 'caseTypes', label: 'Case Types', area: 'case-types', menuRoles: ALL, contentRoles: ALL },
  { key: 'workflow', label: 'Workflows', area: 'workflows', menuRoles: ALL, contentRoles: ALL },
  { key: 'questionnarie', label: 'Case Configuration', area: 'case-types', menuRoles: [3, 4], contentRoles: [3, 4] },
  {
    key: 'caseCodeConfig',
    label: 'Case Code Configuration',
    area: 'case-codes',
    menuRoles: [1, 3, 4],
    contentRoles: [1, 3, 4],
  },
  { key: 'socSettings', label: 'SOC Settings', area: 'soc-codes', menuRoles: [3], contentRoles: [3, 4] },
  { key: 'servicesCenters', label: 'Service Centers', area: 'service-centers', menuRoles: ALL, contentRoles: ALL },
  { key: 'configReminders', label: 'Reminders', area: 'reminders', menuRoles: [1, 3, 4], contentRoles: [1, 3, 4] },
  {
    key: 'quickbooksSettings',
    label: 'Settings',
    area: 'accounting-sync',
    menuRoles: [1, 3, 4],
    contentRoles: [1, 3, 4],
  },
  { key: 'formsAndLetters', label: 'Forms and Letters', area: 'templates', menuRoles: [1, 2], contentRoles: [1, 2] },
  {
    key: 'petitionConfigList',
    label: 'Case Configuration',
    area: 'case-types',
    menuRoles: [1, 2],
    contentRoles: [1, 2],
  },
  {
    key: 'questionnaireTemplateList',
    label: 'Questionnaire Templates',
    area: 'questionnaires',
    menuRoles: [1],
    contentRoles: [1],
  },
  {
    key: 'SignDocumentTemplates',
    label: 'E-Sign Templates',
    area: 'templates',
    menuRoles: [1, 2, 3],
    contentRoles: ALL,
  },
  {
    key: 'contractTemplates',
    label: 'Contract Templates',
    area: 'templates',
    menuRoles: [1, 2, 3],
    contentRoles: [1, 2, 3],
  },
  { key: 'agreements', label: 'Agreements', area: 'templates', menuRoles: ALL, contentRoles: ALL },
  { key: 'lettersTemplate', label: 'Letter Templates', area: 'templates', menuRoles: [3], contentRoles: [3] },
  { key: 'headerTemplate', label: 'Header Templates', area: 'templates', menuRoles: [3], contentRoles: [3] },
  {
    key: 'fillingFeeSettings',
    label: 'Fees',
    area: 'filing-fees',
    menuRoles: [3],
    contentRoles: [3],
    tenantTypes: [1],
  },
  { key: 'labelsList', label: 'Labels', area: 'labels', menuRoles: ALL, contentRoles: ALL },
  { key: 'users', label: 'Users', area: 'users', menuRoles: NONE, contentRoles: [3, 4] },
];

const byKey = new Map<string, TabDef>(TABS.map((t) => [t.key, t]));
export const findTab = (key: string | undefined | null): TabDef | undefined => (key ? byKey.get(key) : undefined);
export const isTabKey = (key: unknown): key is TabKey => typeof key === 'string' && byKey.has(key);

export interface Viewer {
  roleId: RoleId;
  /** null for platform users (roles 1 and 2), who belong to no tenant. */
  tenantType: TenantTypeId | null;
}

const fitsTenant = (tab: TabDef, viewer: Viewer) =>
  !tab.tenantTypes || viewer.tenantType === null || tab.tenantTypes.includes(viewer.tenantType);

/** May this user open the tab's content (and call the API behind it)? */
export const canOpenTab = (key: string, viewer: Viewer): boolean => {
  const tab = findTab(key);
  return !!tab && tab.contentRoles.includes(viewer.roleId) && fitsTenant(tab, viewer);
};

export interface MenuOptions {
  /** The mobile app hides some tabs (R-SHELL-015). */
  mobile?: boolean;
}

/** Sidebar entries for a user, in table order. */
export const menuTabs = (viewer: Viewer, options: MenuOptions = {}): TabDef[] =>
  TABS.filter(
    (t) => t.menuRoles.includes(viewer.roleId) && fitsTenant(t, viewer) && !(options.mobile && t.hiddenInMobile),
  );

/** Every tab whose content the user may open (menu entries plus menu-less tabs). */
export const openableTabs = (viewer: Viewer): TabKey[] =>
  TABS.filter((t) => t.contentRoles.includes(viewer.roleId) && fitsTenant(t, viewer)).map((t) => t.key);

/**
 * First-time setup of a tenant (D-01): `/basic-settings/:tabName` shows these steps in a footer and no
 * sidebar; `/basic-configuration` shows only the first two (R-SHELL-011).
 */
export const SETUP_STEPS = [
  { key: 'profile', label: 'Company Details' },
  { key: 'workflow', label: 'Workflows' },
  { key: 'questionnarie', label: 'Case Configuration' },
] as const satisfies readonly { key: TabKey; label: string }[];

export type SetupRoute = 'basic-settings' | 'basic-configuration';
export const setupSteps = (route: SetupRoute) =>
  route === 'basic-configuration' ? SETUP_STEPS.slice(0, 2) : SETUP_STEPS.slice();
