import { activityToWire, type WorkflowWire } from '@caseport/domain/workflows/contracts';
import { newWorkflow } from '@caseport/domain/workflows/rules';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildMe } from '../../test/factories';
import { mockApi, renderApp } from '../../test/render';

const wire = (tenantType: 1 | 2, over: Partial<WorkflowWire> = {}): WorkflowWire => {
  const d = newWorkflow('Company H-1B', 1, { tenantType });
  return {
    ...d,
    config: d.config.map(activityToWire),
    _id: 'wf-1',
    tenantId: 't-1',
    tenantDetails: { tenantId: 't-1', name: 'Acme Robotics', tenantType },
    configCompleted: true,
    active: true,
    isDefault: true,
    createdOn: '2026-11-01T10:00:00.000Z',
    updatedOn: '2026-11-01T10:00:00.000Z',
    ...over,
  };
};

const server = (
  tenantType: 1 | 2,
  update: () => unknown = () => ({ message: 'Workflow updated successfully' }),
  detailsTenantType: 1 | 2 = tenantType,
  {
    roleId = 3,
    workflow = {},
    activityCodes,
    done = () => ({}),
  }: {
    roleId?: number;
    workflow?: Partial<WorkflowWire>;
    activityCodes?: () => unknown;
    /** The setup steps the server finds done (POST /api/tenant/setup-progress). */
    done?: () => Record<string, boolean>;
  } = {},
) => {
  const w = wire(tenantType, workflow);
  const {
    configCompleted,
    active,
    isDefault,
    tenantDetails,
    tenantId,
    name,
    tplTypeId,
    workflowType,
    assignUsersOn,
    createdOn,
    updatedOn,
  } = w;
  return mockApi({
    'POST /api/auth/session': () => ({ me: buildMe(roleId, { tenantType, name: 'Acme Robotics' }) }),
    'POST /api/workflow/details': () => ({ workflow: w }),
    'POST /api/workflow/list': () => ({
      list: [
        {
          _id: 'wf-1',
          configCompleted,
          active,
          isDefault,
          tenantDetails,
          tenantId,
          name,
          tplTypeId,
          workflowType,
          assignUsersOn,
          createdOn,
          updatedOn,
        },
      ],
      totalCount: 1,
    }),
    'POST /api/masterdata/list': () => ({ list: [] }),
    'POST /api/tenant/details': () => ({
      tenant: { tenantId: 't-1', name: 'Acme Robotics', tenantType: detailsTenantType },
    }),
    'POST /api/billing/selected-plan': () => ({ plan: { name: 'Standard' } }),
    'POST /api/workflow/update': update,
    'POST /api/tenant/setup-progress': () => {
      const d = done();
      const steps = [
        { key: 'profile', label: 'Company Details', done: !!d.profile },
        { key: 'workflow', label: 'Workflows', done: !!d.workflow },
        { key: 'questionnarie', label: 'Case Configuration', done: !!d.questionnarie },
      ];
      return { steps, complete: steps.every((x) => x.done) };
    },
    ...(activityCodes ? { 'POST /api/workflow/activity-codes': activityCodes } : {}),
  });
};

const openEditor = async () => {
  renderApp('/settings/workflow');
  fireEvent.click(await screen.findByRole('button', { name: 'Edit Company H-1B' }, { timeout: 30_000 }));
  await screen.findByRole('heading', { name: 'Company H-1B' }, { timeout: 15_000 });
};
/** The editor's Continue: the only one on screen, in first-time setup too (issue 15). */
const editorContinue = () => screen.getByRole('button', { name: 'Continue' });
const continueTo3 = async () => {
  fireEvent.click(editorContinue());
  await screen.findByRole('region', { name: 'Step 2 activities' }, { timeout: 15_000 });
  fireEvent.click(editorContinue());
  await screen.findByRole('region', { name: 'Step 3 activities' }, { timeout: 15_000 });
};

describe('workflow editor', () => {
  it('R-WF-048: D-10: role 3 of a petitioner company never sees fee or payment activities and gets Submit to Law Firm', async () => {
    server(2);
    await openEditor();
    expect(screen.getByText('Submit to Law Firm')).toBeTruthy();
    await continueTo3();
    const step3 = screen.getByRole('region', { name: 'Step 3 activities' });
    expect(within(step3).getByText('Update USCIS Response')).toBeTruthy();
    for (const name of [
      'Create Invoice',
      'Filing Fee',
      'Online Payment',
      'File After Payment',
      'File After Invoice',
      'File After Invoice Payment',
    ]) {
      expect(within(step3).queryByText(name)).toBeNull();
    }
  }, 90_000);

  it("R-WF-080: the editor fetches the workflow's tenant details with {tenantId} and takes the tenant type from them", async () => {
    // The workflow's own summary says law firm; the tenant details say petitioner company and decide.
    const api = server(1, undefined, 2);
    await openEditor();
    expect(api.calls.filter((c) => c.path === '/api/tenant/details').map((c) => c.body)).toContainEqual({
      tenantId: 't-1',
    });
    expect(screen.getByText('Submit to Law Firm')).toBeTruthy();
  }, 90_000);

  it('R-WF-015: D-14: a configured workflow ends on Submit and saves with configCompleted and active true', async () => {
    const api = server(1);
    await openEditor();
    await continueTo3();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/workflow/update')).toBe(true));
    expect(api.calls.find((c) => c.path === '/api/workflow/update')?.body).toMatchObject({
      workflowId: 'wf-1',
      configCompleted: true,
      active: true,
    });
  }, 90_000);

  for (const roleId of [3, 4]) {
    it(`R-WF-009: D-14: in first-time setup role ${roleId} goes straight to the tenant's default workflow, walked with the setup's one Back and Continue`, async () => {
      let saved = false;
      const api = server(
        1,
        () => {
          saved = true;
          return { message: 'Workflow updated successfully' };
        },
        1,
        { roleId, workflow: { configCompleted: false }, done: () => ({ profile: true, workflow: saved }) },
      );
      const { router } = renderApp('/basic-settings/workflow');
      await screen.findByRole('heading', { name: 'Company H-1B' }, { timeout: 30_000 });
      expect(api.calls.find((c) => c.path === '/api/workflow/details')?.body).toEqual({ workflowId: 'wf-1' });
      expect(screen.queryByRole('table', { name: 'Workflows' })).toBeNull();
      // One set of navigation controls: the editor's Back and Continue are the setup footer's.
      const footer = screen.getByRole('contentinfo');
      await waitFor(() => expect(within(footer).getByRole('button', { name: 'Continue' })).toBeTruthy());
      expect(screen.getAllByRole('button', { name: 'Continue' })).toHaveLength(1);
      expect(screen.getAllByRole('button', { name: 'Back' })).toHaveLength(1);
      await continueTo3();
      expect(within(footer).getByRole('button', { name: 'Complete Setup' })).toBeTruthy();
      // Back walks the editor's own steps first.
      fireEvent.click(within(footer).getByRole('button', { name: 'Back' }));
      await screen.findByRole('region', { name: 'Step 2 activities' }, { timeout: 15_000 });
      fireEvent.click(editorContinue());
      await screen.findByRole('region', { name: 'Step 3 activities' }, { timeout: 15_000 });
      fireEvent.click(screen.getByRole('button', { name: 'Complete Setup' }));
      // Not the end of setup: Case Configuration is still to do, so setup goes on there, with no congratulations.
      await waitFor(() => expect(router.state.location.pathname).toBe('/basic-settings/questionnarie'), {
        timeout: 15_000,
      });
      expect(screen.queryByRole('dialog', { name: 'Congratulations' })).toBeNull();
      expect(api.calls.find((c) => c.path === '/api/workflow/update')?.body).toMatchObject({
        configCompleted: true,
        active: true,
      });
    }, 90_000);
  }

  it("R-SHELL-051: D-14: Complete Setup on basic-configuration's last step opens 'Congratulations' once the server finds both steps done", async () => {
    let saved = false;
    server(
      1,
      () => {
        saved = true;
        return { message: 'Workflow updated successfully' };
      },
      1,
      { workflow: { configCompleted: false }, done: () => ({ profile: true, workflow: saved }) },
    );
    const { router } = renderApp('/basic-configuration/workflow');
    await screen.findByRole('heading', { name: 'Company H-1B' }, { timeout: 30_000 });
    await continueTo3();
    fireEvent.click(screen.getByRole('button', { name: 'Complete Setup' }));
    await screen.findByRole('dialog', { name: 'Congratulations' }, { timeout: 15_000 });
    expect(router.state.location.pathname).toMatch(/^\/settings/);
  }, 90_000);

  it('R-WF-079: the editor fetches the activity codes and shows their names and descriptions', async () => {
    const api = server(1, undefined, 1, {
      activityCodes: () => ({
        list: [{ code: 'CREATE_PETITION', name: 'Open the Case', description: 'Named by the server', step: 1 }],
      }),
    });
    await openEditor();
    expect(api.calls.find((c) => c.path === '/api/workflow/activity-codes')?.body).toEqual({});
    expect(await screen.findByText('Open the Case')).toBeTruthy();
    expect(screen.getByText('Named by the server')).toBeTruthy();
    expect(screen.queryByText('Create Case')).toBeNull();
  }, 90_000);

  it("R-WF-081: the editor loads role names from master data 'user_roles' with a page size of 100000", async () => {
    const api = server(1);
    await openEditor();
    await waitFor(() =>
      expect(
        api.calls.find(
          (c) => c.path === '/api/masterdata/list' && (c.body as { category?: string })?.category === 'user_roles',
        )?.body,
      ).toMatchObject({
        category: 'user_roles',
        perpage: 100_000,
      }),
    );
  }, 90_000);

  it('R-API-003: R-API-004: LINKED_WITH_PETITION shows the server message in a popup, and each time clears the new name', async () => {
    server(1, () => [409, { code: 'LINKED_WITH_PETITION', message: 'Workflow is already linked with Case(s).' }]);
    await openEditor();
    await continueTo3();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    let dialog = await screen.findByRole('dialog', { name: 'Workflow is linked with cases' });
    expect(within(dialog).getByText('Workflow is already linked with Case(s).')).toBeTruthy();
    const newName = () => within(dialog).getByRole('textbox', { name: /New Workflow Name/ }) as HTMLInputElement;
    expect(newName().value).toBe('');
    fireEvent.change(newName(), { target: { value: 'H-1B copy' } });
    expect(newName().value).toBe('H-1B copy');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Workflow is linked with cases' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    dialog = await screen.findByRole('dialog', { name: 'Workflow is linked with cases' });
    expect(newName().value).toBe('');
  }, 90_000);

  it('R-API-002: R-API-006: another failed save shows a warning alert with the server message in the form', async () => {
    server(1, () => [
      400,
      {
        code: 'VALIDATION_ERROR',
        message: 'Editors are required',
        fields: [{ name: 'config.CASE_APPROVED.editors', message: 'Editors are required' }],
      },
    ]);
    await openEditor();
    await continueTo3();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').some((a) => within(a).queryByText('Editors are required'))).toBe(true),
    );
  }, 90_000);
});

describe('workflow editor URL and unsaved changes', () => {
  it('the editor has a URL of its own, and leaving it with unsaved changes asks first', async () => {
    server(1);
    const { router } = renderApp('/settings/workflow');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Company H-1B' }, { timeout: 30_000 }));
    await screen.findByRole('heading', { name: 'Company H-1B' }, { timeout: 15_000 });
    expect(router.state.location.search).toBe('?tab=wf-1');
    // Unchanged: back to the list at once.
    fireEvent.click(screen.getByRole('button', { name: 'Workflows' }));
    await screen.findByRole('button', { name: 'Edit Company H-1B' }, { timeout: 15_000 });
    expect(router.state.location.search).toBe('');
    // Changed: Back asks; Stay keeps the editor and the change; Discard changes leaves.
    await act(() => router.navigate('/settings/workflow?tab=wf-1'));
    const name = (await screen.findByRole(
      'textbox',
      { name: /Workflow Name/ },
      { timeout: 15_000 },
    )) as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'Company H-1B (new)' } });
    await act(() => router.navigate(-1));
    let dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).toBeNull());
    expect(router.state.location.search).toBe('?tab=wf-1');
    expect((screen.getByRole('textbox', { name: /Workflow Name/ }) as HTMLInputElement).value).toBe(
      'Company H-1B (new)',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Workflows' }));
    dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard changes' }));
    await screen.findByRole('button', { name: 'Edit Company H-1B' }, { timeout: 15_000 });
    expect(router.state.location.search).toBe('');
  }, 90_000);
});
