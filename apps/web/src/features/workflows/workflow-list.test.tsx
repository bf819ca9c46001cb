import type { WorkflowListItem } from '@caseport/domain/workflows/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildMe } from '../../test/factories';
import { mockApi, renderApp } from '../../test/render';

const item = (over: Partial<WorkflowListItem>): WorkflowListItem => ({
  _id: 'wf-1',
  name: 'Default Workflow',
  tplTypeId: 1,
  workflowType: 'Free-Flow',
  assignUsersOn: 'questionnaire-submitted',
  configCompleted: true,
  active: true,
  isDefault: true,
  tenantId: 't-1',
  tenantDetails: { tenantId: 't-1', name: 'Lawfirm LLP', tenantType: 1 },
  createdOn: '2026-11-01T10:00:00.000Z',
  updatedOn: '2026-11-01T10:00:00.000Z',
  ...over,
});

const server = (roleId: number) =>
  mockApi({
    'POST /api/auth/session': () => ({ me: buildMe(roleId, roleId <= 2 ? null : {}) }),
    'POST /api/workflow/details': () => ({ workflow: { _id: 'wf-1', configCompleted: true, active: true } }),
    'POST /api/workflow/list': () => ({
      list: [
        item({}),
        item({
          _id: 'wf-2',
          name: 'PERM Drafts',
          tplTypeId: 2,
          configCompleted: false,
          active: false,
          isDefault: false,
        }),
      ],
      totalCount: 2,
    }),
    'POST /api/tenant/list': () => ({ list: [{ _id: 't-1', name: 'Lawfirm LLP', tenantType: 1 }], totalCount: 1 }),
    'POST /api/masterdata/list': (body) => ({
      list:
        (body as { category: string }).category === 'petition_types'
          ? [{ id: 1, name: 'H-1B Specialty Occupation' }]
          : [],
    }),
    'POST /api/tenant/details': () => ({ tenant: {} }),
    'POST /api/billing/selected-plan': () => ({ plan: { name: 'Standard' } }),
    'POST /api/workflow/create': () => ({ message: 'Workflow created successfully', workflowId: 'wf-9' }),
    'POST /api/workflow/delete': () => ({ message: 'Workflow deleted successfully' }),
  });

const table = () => screen.findByRole('table', { name: 'Workflows' }, { timeout: 30_000 });

describe('workflow list', () => {
  it("R-WF-001: R-WF-030: R-WF-009: the tab opens on the list of the tenant's workflows with Complete/Pending and Active/Inactive", async () => {
    const api = server(3);
    renderApp('/settings/workflow');
    const t = await table();
    await within(t).findByText('PERM Drafts');
    const rows = within(t).getAllByRole('row');
    expect(within(rows[1] as HTMLElement).getByText('Complete')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Active')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('Pending')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('Inactive')).toBeTruthy();
    // Roles 3 and 4 see their own tenant: no Customer column or picker, no tenant list call.
    expect(within(t).queryByRole('columnheader', { name: 'Customer' })).toBeNull();
    expect(api.calls.some((c) => c.path === '/api/tenant/list')).toBe(false);
    expect(api.calls.find((c) => c.path === '/api/workflow/list')?.body).toMatchObject({
      page: 1,
      perpage: 25,
      sorting: { path: 'createdOn', order: -1 },
    });
  }, 90_000);

  it('R-WF-007: R-WF-082: each row offers preview, edit, clone, activate or inactivate, configure for case type and delete', async () => {
    const api = server(3);
    renderApp('/settings/workflow');
    const t = await table();
    await within(t).findByText('PERM Drafts');
    expect(screen.getByRole('button', { name: 'Create Workflow' })).toBeTruthy();
    expect(within(t).getByRole('button', { name: 'Preview PERM Drafts' })).toBeTruthy();
    expect(within(t).getByRole('button', { name: 'Edit PERM Drafts' })).toBeTruthy();
    const { default: userEvent } = await import('@testing-library/user-event');
    // One row-action pattern (components/LISTS.md): every action is a named icon button in the row.
    const actions = within(t)
      .getByText('PERM Drafts')
      .closest('tr')
      ?.querySelector('[data-row-actions]') as HTMLElement;
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual([
      'Preview PERM Drafts',
      'Edit PERM Drafts',
      'Clone PERM Drafts',
      'Activate PERM Drafts',
      'Configure for Case Type PERM Drafts',
      'Delete PERM Drafts',
    ]);
    await userEvent.click(within(t).getByRole('button', { name: 'Configure for Case Type PERM Drafts' }));
    await screen.findByRole('dialog', { name: 'Configure for Case Type' });
    await waitFor(() =>
      expect(api.calls.some((c) => (c.body as { category?: string })?.category === 'petition_types')).toBe(true),
    );
    expect(api.calls.find((c) => (c.body as { category?: string })?.category === 'petition_types')?.body).toMatchObject(
      { perpage: 100_000_000 },
    );
  }, 90_000);

  for (const roleId of [1, 2]) {
    it(`R-WF-010: R-WF-068: R-WF-006: role ${roleId} loads the tenant list (perpage 10000) and gets a Customer column and filter`, async () => {
      const api = server(roleId);
      renderApp('/settings/workflow');
      const t = await table();
      await within(t).findByText('PERM Drafts');
      expect(within(t).getByRole('columnheader', { name: 'Customer' })).toBeTruthy();
      expect(screen.getByRole('search', { name: 'Workflow filters' })).toBeTruthy();
      await waitFor(() => expect(api.calls.some((c) => c.path === '/api/tenant/list')).toBe(true));
      expect(api.calls.find((c) => c.path === '/api/tenant/list')?.body).toEqual({
        page: 1,
        perpage: 10_000,
        getMasterData: true,
        filters: {},
      });
    }, 90_000);
  }

  for (const roleId of [3, 4]) {
    it(`R-WF-012: R-WF-073: role ${roleId} creates with {name, config, active, configCompleted} and no tenantId, when step 1 is continued from`, async () => {
      const api = server(roleId);
      renderApp('/settings/workflow');
      await within(await table()).findByText('PERM Drafts');
      const { default: userEvent } = await import('@testing-library/user-event');
      await userEvent.click(screen.getByRole('button', { name: 'Create Workflow' }));
      const dialog = await screen.findByRole('dialog', { name: 'Create Workflow' });
      expect(within(dialog).queryByText('Customer')).toBeNull();
      await userEvent.type(within(dialog).getByRole('textbox', { name: 'Workflow Name' }), 'Seasonal H-1B');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
      // Issue 15: the wizard opens on the new workflow, and nothing is stored before step 1 is continued from.
      await screen.findByRole('heading', { name: 'Seasonal H-1B' }, { timeout: 15_000 });
      expect(api.calls.some((c) => c.path === '/api/workflow/create')).toBe(false);
      await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
      await waitFor(() => expect(api.calls.some((c) => c.path === '/api/workflow/create')).toBe(true));
      await screen.findByRole('region', { name: 'Step 2 activities' }, { timeout: 15_000 });
      const body = api.calls.find((c) => c.path === '/api/workflow/create')?.body as Record<string, unknown>;
      expect(body).toMatchObject({ name: 'Seasonal H-1B', tplTypeId: 1, active: false, configCompleted: false });
      expect(Array.isArray(body.config) && body.config.length > 10).toBe(true);
      expect(body).not.toHaveProperty('tenantId');
    }, 90_000);
  }

  it('Create Workflow left before step 1 is continued from stores nothing (issue 15)', async () => {
    const api = server(3);
    renderApp('/settings/workflow');
    await within(await table()).findByText('PERM Drafts');
    const { default: userEvent } = await import('@testing-library/user-event');
    await userEvent.click(screen.getByRole('button', { name: 'Create Workflow' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Workflow' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Workflow Name' }), 'Never Saved');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await screen.findByRole('heading', { name: 'Never Saved' }, { timeout: 15_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Workflows' }));
    await within(await table()).findByText('PERM Drafts');
    expect(api.calls.some((c) => c.path === '/api/workflow/create')).toBe(false);
  }, 90_000);

  it("R-WF-078: the row's Delete asks 'Do you want to Delete?' and, on Yes, calls the delete service with the workflowId", async () => {
    const api = server(3);
    renderApp('/settings/workflow');
    const t = await table();
    await within(t).findByText('PERM Drafts');
    const { default: userEvent } = await import('@testing-library/user-event');
    await userEvent.click(within(t).getByRole('button', { name: 'Delete PERM Drafts' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Workflow' });
    expect(within(confirm).getByText('Do you want to Delete?')).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/api/workflow/delete')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/workflow/delete')?.body).toEqual({ workflowId: 'wf-2' }),
    );
  }, 90_000);
});
