import { describe, expect, it } from 'vitest';
import { canOpenSettings } from '../auth/roles';
import { canOpenTab, findTab, menuTabs, openableTabs, setupSteps, type TabKey } from './tabs';

const menuKeys = (roleId: number, tenantType: 1 | 2 | null = 1, mobile = false) =>
  menuTabs({ roleId, tenantType }, { mobile }).map((t) => t.key);
const whoSeesMenu = (key: TabKey, tenantType: 1 | 2 = 1) =>
  [1, 2, 3, 4, 12, 50].filter((r) => menuKeys(r, r <= 2 ? null : tenantType).includes(key));
const whoOpens = (key: TabKey, tenantType: 1 | 2 = 1) =>
  [1, 2, 3, 4, 12, 50].filter((r) => canOpenTab(key, { roleId: r, tenantType: r <= 2 ? null : tenantType }));

describe('settings tab table', () => {
  it('R-SHELL-001: only roles 1, 2, 3 and 4 can open the settings page', () => {
    expect([1, 2, 3, 4, 5, 11, 12, 50, 51].filter(canOpenSettings)).toEqual([1, 2, 3, 4]);
  });

  const expectTab = (key: TabKey, label: string, roles: number[]) => {
    expect(findTab(key)?.label).toBe(label);
    expect(whoSeesMenu(key)).toEqual(roles);
    expect(whoOpens(key)).toEqual(roles);
  };
  it("R-SHELL-013: tab 'profile' is labelled 'Company Details' and shown to roles 3 only", () =>
    expectTab('profile', 'Company Details', [3]));
  it("R-SHELL-014: tab 'invoiceList' is labelled 'Billing & Payments' and shown to roles 3, 4 only", () =>
    expectTab('invoiceList', 'Billing & Payments', [3, 4]));
  it("R-SHELL-017: tab 'usersRoles' is labelled 'User Roles' and shown to roles 1, 2, 3, 4 only", () =>
    expectTab('usersRoles', 'User Roles', [1, 2, 3, 4]));
  it("R-SHELL-018: tab 'caseTypes' is labelled 'Case Types' and shown to roles 1, 2, 3, 4 only", () =>
    expectTab('caseTypes', 'Case Types', [1, 2, 3, 4]));
  it("R-SHELL-019: tab 'workflow' is labelled 'Workflows' and shown to roles 1, 2, 3, 4 only", () =>
    expectTab('workflow', 'Workflows', [1, 2, 3, 4]));
  it("R-SHELL-020: tab 'questionnarie' is labelled 'Case Configuration' and shown to roles 3, 4 only", () =>
    expectTab('questionnarie', 'Case Configuration', [3, 4]));
  it("R-SHELL-021: tab 'caseCodeConfig' is labelled 'Case Code Configuration' and shown to roles 1, 3, 4 only", () =>
    expectTab('caseCodeConfig', 'Case Code Configuration', [1, 3, 4]));
  it("R-SHELL-024: tab 'servicesCenters' is labelled 'Service Centers' and shown to roles 1, 2, 3, 4 only", () =>
    expectTab('servicesCenters', 'Service Centers', [1, 2, 3, 4]));
  it("R-SHELL-025: tab 'configReminders' is labelled 'Reminders' and shown to roles 1, 3, 4 only", () =>
    expectTab('configReminders', 'Reminders', [1, 3, 4]));
  it("R-SHELL-026: tab 'quickbooksSettings' is labelled 'Settings' and shown to roles 1, 3, 4 only", () =>
    expectTab('quickbooksSettings', 'Settings', [1, 3, 4]));
  it("R-SHELL-027: tab 'formsAndLetters' is labelled 'Forms and Letters' and shown to roles 1, 2 only", () =>
    expectTab('formsAndLetters', 'Forms and Letters', [1, 2]));
  it("R-SHELL-028: tab 'petitionConfigList' is labelled 'Case Configuration' and shown to roles 1, 2 only", () =>
    expectTab('petitionConfigList', 'Case Configuration', [1, 2]));
  it("R-SHELL-029: tab 'questionnaireTemplateList' is labelled 'Questionnaire Templates' and shown to roles 1 only", () =>
    expectTab('questionnaireTemplateList', 'Questionnaire Templates', [1]));
  it("R-SHELL-032: tab 'contractTemplates' is labelled 'Contract Templates' and shown to roles 1, 2, 3 only", () =>
    expectTab('contractTemplates', 'Contract Templates', [1, 2, 3]));
  it("R-SHELL-033: tab 'agreements' is labelled 'Agreements' and shown to roles 1, 2, 3, 4 only", () =>
    expectTab('agreements', 'Agreements', [1, 2, 3, 4]));
  it("R-SHELL-034: tab 'lettersTemplate' is labelled 'Letter Templates' and shown to roles 3 only", () =>
    expectTab('lettersTemplate', 'Letter Templates', [3]));
  it("R-SHELL-035: tab 'headerTemplate' is labelled 'Header Templates' and shown to roles 3 only", () =>
    expectTab('headerTemplate', 'Header Templates', [3]));
  it("R-SHELL-036: tab 'fillingFeeSettings' is labelled 'Fees' and shown to roles 3 only", () =>
    expectTab('fillingFeeSettings', 'Fees', [3]));
  it("R-SHELL-038: tab 'labelsList' is labelled 'Labels' and shown to roles 1, 2, 3, 4 only", () =>
    expectTab('labelsList', 'Labels', [1, 2, 3, 4]));

  it("R-SHELL-015: 'invoiceList' is hidden in the mobile app but shown on the web", () => {
    expect(menuKeys(3, 1, true)).not.toContain('invoiceList');
    expect(menuKeys(3, 1, false)).toContain('invoiceList');
  });

  it("R-SHELL-016: 'branchList', 'branchCreate' and 'branchDetails' share the label 'Branches' and open for roles 3 and 4 only", () => {
    for (const key of ['branchList', 'branchCreate', 'branchDetails'] as const) {
      expect(findTab(key)?.label).toBe('Branches');
      expect(whoOpens(key)).toEqual([3, 4]);
    }
    expect(whoSeesMenu('branchList')).toEqual([3, 4]);
  });

  it("R-SHELL-022: the content of 'socSettings' (label 'SOC Settings') opens for roles 3 and 4", () => {
    expect(findTab('socSettings')?.label).toBe('SOC Settings');
    expect(whoOpens('socSettings')).toEqual([3, 4]);
  });

  it("R-SHELL-023: the 'socSettings' menu entry is shown to role 3 only", () => {
    expect(whoSeesMenu('socSettings')).toEqual([3]);
  });

  it("R-SHELL-030: the 'SignDocumentTemplates' menu entry 'E-Sign Templates' is shown to roles 1, 2 and 3", () => {
    expect(findTab('SignDocumentTemplates')?.label).toBe('E-Sign Templates');
    expect(whoSeesMenu('SignDocumentTemplates')).toEqual([1, 2, 3]);
  });

  it("R-SHELL-031: the content of 'SignDocumentTemplates' opens for roles 1, 2, 3 and 4", () => {
    expect(whoOpens('SignDocumentTemplates')).toEqual([1, 2, 3, 4]);
  });

  it("R-SHELL-037: 'fillingFeeSettings' is not available to tenants of type 2, neither in the menu nor as content", () => {
    expect(menuKeys(3, 2)).not.toContain('fillingFeeSettings');
    expect(canOpenTab('fillingFeeSettings', { roleId: 3, tenantType: 2 })).toBe(false);
    expect(canOpenTab('fillingFeeSettings', { roleId: 3, tenantType: 1 })).toBe(true);
  });

  it("R-SHELL-039: the content of tab 'users' (label 'Users') opens for roles 3 and 4", () => {
    expect(findTab('users')?.label).toBe('Users');
    expect(whoOpens('users')).toEqual([3, 4]);
  });

  it("R-SHELL-040: tab 'users' has no menu entry for anyone", () => {
    for (const r of [1, 2, 3, 4]) expect(menuKeys(r)).not.toContain('users');
  });

  it('D-03: "all" in the tab table means roles 1-4; roles 12 and 50 open no settings tab', () => {
    expect(openableTabs({ roleId: 12, tenantType: 2 })).toEqual([]);
    expect(openableTabs({ roleId: 50, tenantType: 1 })).toEqual([]);
    expect(whoOpens('workflow')).toEqual([1, 2, 3, 4]);
  });

  it('D-01: basic-settings has the steps Company Details, Workflows, Case Configuration; basic-configuration the first 2', () => {
    expect(setupSteps('basic-settings').map((s) => s.label)).toEqual([
      'Company Details',
      'Workflows',
      'Case Configuration',
    ]);
    expect(setupSteps('basic-configuration').map((s) => s.key)).toEqual(['profile', 'workflow']);
  });

  it('R-SHELL-011: the basic-configuration route limits the setup items to 2', () => {
    expect(setupSteps('basic-configuration')).toHaveLength(2);
  });
});
