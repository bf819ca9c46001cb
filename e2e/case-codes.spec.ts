import type { Locator, Page } from '@playwright/test';
import { expect as baseExpect, failWith, openCaseInWizard, shooter, test } from './fixtures';

// The machine is shared: give slow first renders (lazy chunks) room without hiding real failures.
const expect = baseExpect.configure({ timeout: 15_000 });

const shot = shooter('case-codes', { widths: 'as-is' });
const year = String(new Date().getFullYear());

/** Picks an option of a Mantine Select / MultiSelect. */
const pick = async (page: Page, input: Locator, option: string) => {
  await input.click();
  await page.getByRole('option', { name: option, exact: true }).click();
};
const panel = (page: Page) => page.getByRole('dialog');

/** Cases are opened only for sub-types switched on in Case Configuration (issue 5; its own spec drives that tab). */
const enableSubTypes = async (page: Page, typeId: number, subTypeIds: number[]) => {
  const headers = { 'x-requested-with': 'XMLHttpRequest' };
  const calls: [string, object[]][] = [
    ['/api/petition-config/manage-case-types', [{ id: typeId, selected: true, isCaseTypeSelected: true }]],
    [
      '/api/petition-config/manage-case-sub-types',
      subTypeIds.map((id) => ({ id, selected: true, isCaseTypeSelected: true })),
    ],
  ];
  for (const [url, selList] of calls) {
    const res = await page.request.post(url, { data: { selList }, headers });
    baseExpect(res.ok(), await res.text()).toBe(true);
  }
};

/**
 * Issue 34: a case is opened only on a sub-type with an active case configuration (its questionnaire pinned on the
 * case); the Case Configuration tab has its own spec (case-types.spec.ts), so here through its API.
 */
const configureSubType = async (page: Page, typeId: number, subTypeId: number) => {
  const headers = { 'x-requested-with': 'XMLHttpRequest' };
  const list = await page.request.post('/api/questionnaire/list', { data: { page: 1, perpage: 25 }, headers });
  baseExpect(list.ok(), await list.text()).toBe(true);
  // The company's own employer questionnaire (case-types.spec, on the same server, checks that the company never
  // shows the law firm's 'H-1B Beneficiary Questionnaire').
  const all = ((await list.json()) as { list: { _id: string; name: string }[] }).list;
  const questionnaireTplId = (all.find((q) => q.name === 'H-1B Employer (Petitioner) Questionnaire') ?? all[0])?._id;
  const res = await page.request.post('/api/petition-config/create', {
    headers,
    data: {
      typeId,
      subTypeId,
      questionnaireTplId,
      formAndLetterIds: [],
      insertTo: null,
      showPetitionAlert: false,
      active: true,
      updateAction: null,
      petitionConfigId: null,
    },
  });
  baseExpect(res.ok(), await res.text()).toBe(true);
};

test.describe
  .serial('case code configuration and case numbers', () => {
    test.describe.configure({ timeout: 90_000 });
    test('R-CASECODE-016: R-CASECODE-005: role 1 sees the empty list, the filters and the Add Configuration button', async ({
      page,
      as,
    }) => {
      await as('platformAdmin');
      await page.goto('/settings/caseCodeConfig');
      await expect(page.getByRole('heading', { name: 'Case Code Configuration' })).toBeVisible();
      await expect(page.getByText('No Case Code Configuration Found')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Add Configuration' })).toBeVisible();
      // R-CASECODE-001/002/003: the three filters of role 1.
      const filters = page.getByRole('search', { name: 'Filters' });
      await expect(filters.getByLabel('Case Subtypes')).toBeVisible();
      await expect(filters.getByLabel('Customer')).toBeVisible();
      await expect(filters.getByText('Created Date')).toBeVisible();
      await shot(page, 'role1-empty');
    });

    test('R-CASECODE-020: R-CASECODE-023: R-CASECODE-015: the side panel requires the customer and the case subtypes', async ({
      page,
      as,
    }) => {
      await as('platformAdmin');
      await page.goto('/settings/caseCodeConfig');
      await page.getByRole('button', { name: 'Add Configuration' }).click();
      await expect(panel(page).getByText('Add Configuration')).toBeVisible();
      await panel(page).getByRole('button', { name: 'Save' }).click();
      await expect(panel(page).getByText('This field is required')).toBeVisible();
      await expect(panel(page).getByText('Case Subtypes is required')).toBeVisible();
      // R-CASECODE-026/027/045: three starting parts, the serial slot last and disabled, 10001.
      await expect(panel(page).getByRole('combobox', { name: 'Part 1', exact: true })).toHaveValue('Case Type Code');
      await expect(panel(page).getByRole('combobox', { name: 'Part 2', exact: true })).toHaveValue('Case Subtype Code');
      await expect(panel(page).getByRole('combobox', { name: 'Part 3', exact: true })).toHaveValue('SI. No.');
      await expect(panel(page).getByRole('combobox', { name: 'Part 3', exact: true })).toBeDisabled();
      await expect(panel(page).getByLabel('SI. No. Starts From')).toHaveValue('10001');
      // R-CASECODE-029: no delete at 3 parts.
      await expect(panel(page).getByRole('button', { name: /Delete part/ })).toHaveCount(0);
      await shot(page, 'role1-form-errors');
    });

    test('R-CASECODE-048: R-CASECODE-021: R-CASECODE-054: R-API-010: role 1 adds CUSTOMER_CODE-CASE_TYPE_CODE-YYYY-SI_NO for Demo Law Firm and sees the Example Case ID', async ({
      page,
      as,
    }) => {
      await as('platformAdmin');
      await page.goto('/settings/caseCodeConfig');
      const customers = page.waitForRequest((r) => r.url().endsWith('/api/tenant/list'));
      await page.getByRole('button', { name: 'Add Configuration' }).click();
      // R-CASECODE-021: the customer list is loaded with page 1, perpage 10000, getMasterData true.
      expect((await customers).postDataJSON()).toEqual({ page: 1, perpage: 10000, getMasterData: true });
      const p = panel(page);
      await pick(page, p.getByLabel('Customer'), 'Demo Law Firm');
      await pick(page, p.getByLabel('Case Subtypes'), 'Cap - New Petition');
      await page.keyboard.press('Escape');
      await pick(page, p.getByRole('combobox', { name: 'Part 1', exact: true }), 'Customer Code');
      await pick(page, p.getByRole('combobox', { name: 'Part 2', exact: true }), 'Case Type Code');
      await expect(p.getByText('SI. No. Reset On')).toHaveCount(0); // R-CASECODE-035
      await p.getByRole('button', { name: 'Add Part' }).click();
      await p.getByRole('combobox', { name: 'Part 3', exact: true }).click();
      // R-CASECODE-031: parts already chosen are not offered again.
      await expect(page.getByRole('option', { name: 'Customer Code', exact: true })).toHaveCount(0);
      await page.getByRole('option', { name: 'YYYY', exact: true }).click();
      // R-CASECODE-032: with YYYY chosen, a new slot does not offer MMYYYY or MMDDYYYY.
      await p.getByRole('button', { name: 'Add Part' }).click();
      await p.getByRole('combobox', { name: 'Part 4', exact: true }).click();
      await expect(page.getByRole('option', { name: 'MMYYYY', exact: true })).toHaveCount(0);
      await expect(page.getByRole('option', { name: 'MMDDYYYY', exact: true })).toHaveCount(0);
      await page.keyboard.press('Escape');
      await p.getByRole('button', { name: 'Delete part 4' }).click();
      // R-CASECODE-037: YYYY offers Year only, and it is already chosen.
      await expect(p.getByLabel('SI. No. Reset On')).toHaveValue('Year');
      await p.getByLabel('SI. No. Reset On').click();
      await expect(page.getByRole('listbox').getByRole('option')).toHaveText(['Year']);
      await page.keyboard.press('Escape');
      await expect(p.getByTestId('example-case-id-0')).toHaveText(`DLF-H1B-${year}-10001`);
      await shot(page, 'role1-form-filled');
      const create = page.waitForRequest((r) => r.url().endsWith('/api/case-id-config/create'));
      await p.getByRole('button', { name: 'Save' }).click();
      const body = (await create).postDataJSON();
      expect(body.tenantId).toBeTruthy(); // R-CASECODE-054
      expect(body.items[0]).toMatchObject({ subTypeIds: [1], sNoStartsFrom: 10001, resetIdBy: 'Year' });
      expect(body.items[0].config.map((c: { id: string }) => c.id)).toEqual([
        'CUSTOMER_CODE',
        'CASE_TYPE_CODE',
        'YYYY',
        'SI_NO',
      ]);
      // R-API-010: the server message as a toast, the panel closes.
      await expect(page.getByText('Case code configuration created successfully')).toBeVisible();
      await expect(page.getByText('Add Configuration', { exact: true }).locator('visible=true')).toHaveCount(1);
      const row = page.getByRole('row', { name: /Cap - New Petition/ });
      await expect(row).toContainText('10001');
      await expect(row).toContainText('Demo Law Firm'); // R-CASECODE-007
      await shot(page, 'role1-list');
    });

    test('R-LIST-017: R-CASECODE-003: the Created Date filter stops at today and sends YYYY-MM-DD dates', async ({
      page,
      as,
    }) => {
      await as('platformAdmin');
      await page.goto('/settings/caseCodeConfig');
      await page.getByRole('search', { name: 'Filters' }).getByRole('button', { name: 'Created Date' }).click();
      await expect(page.locator('button[data-direction="next"]')).toHaveAttribute('data-disabled', 'true');
      const days = page.locator('[data-month-level] table button:not([data-outside])');
      await expect(page.locator('button[data-today]')).not.toHaveAttribute('data-disabled', 'true');
      const request = page.waitForRequest((r) => r.url().endsWith('/api/case-id-config/list'));
      // From the first of last month: the seeded row's day is in its firm's zone (New York), which is still
      // yesterday, last month, for the first hours of a month in this browser's zone.
      await page.locator('button[data-direction="previous"]').click();
      await days.first().click();
      await page.locator('button[data-direction="next"]').click();
      await page.locator('button[data-today]').click();
      const body = (await request).postDataJSON();
      const today = new Date();
      const iso = (d: Date) =>
        `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
      expect(body.filters.createdDateRange).toEqual([
        iso(new Date(today.getFullYear(), today.getMonth() - 1, 1)),
        iso(today),
      ]);
      await expect(page.getByRole('row', { name: /Cap - New Petition/ })).toBeVisible();
    });

    test('R-CASECODE-011: View opens Case Code Details with the parts and the Example Case ID', async ({
      page,
      as,
    }) => {
      await as('platformAdmin');
      await page.goto('/settings/caseCodeConfig');
      const details = page.waitForRequest((r) => r.url().endsWith('/api/case-id-config/details'));
      await page
        .getByRole('button', { name: /^View configuration/ })
        .first()
        .click();
      expect(Object.keys((await details).postDataJSON())).toEqual(['configId']); // R-CASECODE-012
      const modal = page.getByRole('dialog', { name: 'Case Code Details' });
      await expect(modal.getByText('Customer Code-Case Type Code-YYYY-SI. No.')).toBeVisible();
      await expect(modal.getByTestId('details-example-case-id')).toHaveText(`DLF-H1B-${year}-10001`);
      await expect(modal.getByText('Demo Law Firm')).toBeVisible();
      await expect(modal.getByText('Year', { exact: true })).toBeVisible();
      await shot(page, 'role1-details');
    });

    test('D-17: a law-firm admin opens two H-1B cap cases and sees consecutive numbers', async ({ page, as }) => {
      await as('lawAdmin');
      await enableSubTypes(page, 1, [1]);
      await page.goto('/');
      await page.getByRole('banner').getByRole('link', { name: 'Cases' }).click();
      await expect(page).toHaveURL(/\/cases$/);
      // The demo firm's cases (issue 15), numbered by the default pattern before this configuration existed.
      await expect(page.getByRole('row', { name: /H1B-H1BCAP-10001/ })).toBeVisible();
      await shot(page, 'role3-cases-demo');
      // Issue 34: cases are opened through the New case wizard; it asks for the sub-type first.
      await page.getByRole('button', { name: 'New case' }).click();
      const wizard = page.getByRole('dialog', { name: 'New case' });
      await wizard.getByRole('button', { name: 'Next' }).click();
      await expect(wizard.getByText('Case subtype is required')).toBeVisible();
      await wizard.getByRole('button', { name: 'Cancel' }).click();
      const h1bCap = { type: /^H-1B/, subType: 'Cap - New Petition', petitioner: 'Priya Patel' };
      await openCaseInWizard(page, { ...h1bCap, beneficiary: { givenName: 'Dora', familyName: 'Codes' } });
      await expect(page.getByTestId('case-number')).toHaveText(`DLF-H1B-${year}-10001`);
      await openCaseInWizard(page, { ...h1bCap, beneficiary: { existing: 'Dora Codes' } });
      await expect(page.getByTestId('case-number')).toHaveText(`DLF-H1B-${year}-10002`);
      await page.getByRole('link', { name: 'Back to cases' }).click();
      await expect(page.getByRole('row', { name: new RegExp(`DLF-H1B-${year}-10002`) })).toBeVisible();
      await expect(page.getByRole('row', { name: new RegExp(`DLF-H1B-${year}-10001`) })).toBeVisible();
      await shot(page, 'role3-cases');
    });

    test('issue 15: a new firm with no case subtype switched on sees no cases and the way to Case Configuration', async ({
      page,
      as,
    }) => {
      await as('newAdmin');
      await page.goto('/cases');
      await expect(page.getByText('No cases yet. Open the first one with New case.')).toBeVisible();
      // Issue 34: the New case wizard shows the way to Case Configuration when no case type is switched on.
      await page.getByRole('button', { name: 'New case' }).click();
      await expect(
        page.getByRole('dialog', { name: 'New case' }).getByRole('link', { name: 'Case Configuration' }),
      ).toHaveAttribute('href', '/settings/questionnarie');
      await shot(page, 'role3-cases-empty');
    });

    test('D-17: the branch manager continues the same series', async ({ page, as }) => {
      await as('lawManager');
      await openCaseInWizard(page, {
        type: /^H-1B/,
        subType: 'Cap - New Petition',
        petitioner: 'Priya Patel',
        beneficiary: { existing: 'Dora Codes' },
      });
      await expect(page.getByTestId('case-number')).toHaveText(`DLF-H1B-${year}-10003`);
      await shot(page, 'role4-cases');
    });

    test('R-CASECODE-019: for a petitioner company (type 2) PETITIONER_NAME is not offered, and its cases page has no petitioner field', async ({
      page,
      as,
    }) => {
      await as('platformAdmin');
      await page.goto('/settings/caseCodeConfig');
      await page.getByRole('button', { name: 'Add Configuration' }).click();
      const p = panel(page);
      await pick(page, p.getByLabel('Customer'), 'Demo Petitioner Co');
      await p.getByRole('combobox', { name: 'Part 1', exact: true }).click();
      await expect(page.getByRole('option', { name: 'Beneficiary Name', exact: true })).toBeVisible();
      await expect(page.getByRole('option', { name: 'Petitioner Name', exact: true })).toHaveCount(0);
      await page.keyboard.press('Escape');
      await shot(page, 'role1-type2-form');
      await page.keyboard.press('Escape');

      await as('coAdmin');
      await enableSubTypes(page, 1, [6]);
      // Issue 34: the New case wizard asks a petitioner company for the beneficiary and not for a petitioner.
      await page.goto('/cases');
      await page.getByRole('button', { name: 'New case' }).click();
      const wizard = page.getByRole('dialog', { name: 'New case' });
      await pick(page, wizard.getByRole('combobox', { name: 'Case type', exact: true }), 'H-1B Specialty Occupation');
      await pick(page, wizard.getByRole('combobox', { name: 'Case subtype', exact: true }), 'Cap-Exempt');
      await wizard.getByRole('button', { name: 'Next' }).click();
      await expect(wizard.getByRole('form', { name: 'New beneficiary' })).toBeVisible();
      await expect(wizard.getByRole('combobox', { name: 'Petitioner' })).toHaveCount(0);
      await page.keyboard.press('Escape');
      await expect(wizard).toHaveCount(0);
      await configureSubType(page, 1, 6);
      await openCaseInWizard(page, {
        type: /^H-1B/,
        subType: 'Cap-Exempt',
        beneficiary: { givenName: 'Cora', familyName: 'Exempt' },
      });
      await expect(page.getByTestId('case-number')).toHaveText('H1B-H1BCX-10001');
      await shot(page, 'type2-cases');
    });

    test('R-API-007: R-API-008: R-API-009: a refused save shows the server message in the side panel; a click clears it', async ({
      page,
      as,
    }) => {
      await as('platformAdmin');
      await page.goto('/settings/caseCodeConfig');
      await failWith(page, '/api/case-id-config/create', 409, {
        code: 'DUPLICATE',
        message: 'Amendment already has a case code configuration',
      });
      await page.getByRole('button', { name: 'Add Configuration' }).click();
      const p = panel(page);
      await pick(page, p.getByLabel('Customer'), 'Demo Law Firm');
      await pick(page, p.getByLabel('Case Subtypes'), 'Amendment');
      await page.keyboard.press('Escape');
      await p.getByRole('button', { name: 'Save' }).click();
      const alert = p.getByRole('alert').filter({ hasText: 'Amendment already has a case code configuration' });
      await expect(alert).toBeVisible();
      // R-API-009: the saving flag is reset: Save is usable again.
      await expect(p.getByRole('button', { name: 'Save' })).toBeEnabled();
      await shot(page, 'role1-server-error');
      await p.getByText('Code Configuration', { exact: true }).click();
      await expect(alert).toHaveCount(0);
    });

    test('R-CASECODE-025: a sub-type used by one configuration is not offered to another', async ({ page, as }) => {
      await as('platformAdmin');
      await page.goto('/settings/caseCodeConfig');
      await page.getByRole('button', { name: 'Add Configuration' }).click();
      const p = panel(page);
      await pick(page, p.getByLabel('Customer'), 'Demo Law Firm');
      await p.getByLabel('Case Subtypes').click();
      await expect(page.getByRole('option', { name: 'Cap-Exempt', exact: true })).toBeVisible();
      await expect(page.getByRole('option', { name: 'Cap - New Petition', exact: true })).toHaveCount(0);
    });

    test('R-CASECODE-022: a law-firm admin loads the petitioner list and previews the Example Case ID with a petitioner', async ({
      page,
      as,
    }) => {
      await as('lawAdmin');
      await page.goto('/settings/caseCodeConfig');
      const petitioners = page.waitForRequest((r) => r.url().endsWith('/api/company/list'));
      await page.getByRole('button', { name: 'Add Configuration' }).click();
      expect((await petitioners).postDataJSON()).toEqual({
        page: 1,
        perpage: 25,
        matcher: {},
        sorting: { path: 'name', order: 1 },
      });
      const p = panel(page);
      // No Customer selector for role 3 (R-CASECODE-020 is role 1 only).
      await expect(p.getByLabel('Customer')).toHaveCount(0);
      await pick(page, p.getByRole('combobox', { name: 'Part 1', exact: true }), 'Petitioner Name');
      // R-CASECODE-049: the sample name until a petitioner is picked.
      await expect(p.getByTestId('example-case-id-0')).toHaveText('ACMECORP-SUBTYPE-10001');
      const search = page.waitForRequest(
        (r) => r.url().endsWith('/api/company/list') && r.postDataJSON().matcher.searchString === 'Pri',
      );
      await p.getByLabel('Example petitioner').fill('Pri');
      expect((await search).postDataJSON()).toMatchObject({ page: 1, perpage: 25, matcher: { searchString: 'Pri' } });
      await page.getByRole('option', { name: 'Priya Patel', exact: true }).click();
      await expect(p.getByTestId('example-case-id-0')).toHaveText('PRIYAPATEL-SUBTYPE-10001');
      await shot(page, 'role3-example-petitioner');
    });

    test('R-CASECODE-040, R-CASECODE-041 (replaced by D-16): when the date part is replaced, the reset period is not sent on submit', async ({
      page,
      as,
    }) => {
      await as('lawAdmin');
      await page.goto('/settings/caseCodeConfig');
      await page.getByRole('button', { name: 'Add Configuration' }).click();
      const p = panel(page);
      await pick(page, p.getByLabel('Case Subtypes'), 'Cap-Exempt');
      await page.keyboard.press('Escape');
      await p.getByRole('button', { name: 'Add Part' }).click();
      await pick(page, p.getByRole('combobox', { name: 'Part 3', exact: true }), 'YYYY');
      await pick(page, p.getByLabel('SI. No. Reset On'), 'Year');
      await pick(page, p.getByRole('combobox', { name: 'Part 3', exact: true }), 'Customer Code');
      // No date part left: the reset choice is gone, and nothing of it travels.
      await expect(p.getByLabel('SI. No. Reset On')).toHaveCount(0);
      const sent: { items: { resetIdBy: string | null; config: { id: string }[] }[] }[] = [];
      await page.route('**/api/case-id-config/create', async (route) => {
        sent.push(route.request().postDataJSON());
        await route.fulfill({ json: { message: 'Case code configuration created successfully' } });
      });
      await p.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Case code configuration created successfully')).toBeVisible();
      const item = sent[0]?.items[0];
      expect(item?.resetIdBy).toBeNull();
      expect(item?.config.map((c) => c.id)).toEqual(['CASE_TYPE_CODE', 'CASE_SUBTYPE_CODE', 'CUSTOMER_CODE', 'SI_NO']);
    });

    test('R-CASECODE-044: Edit opens Edit Configuration with SI. No. Starts From locked', async ({ page, as }) => {
      await as('platformAdmin');
      await page.goto('/settings/caseCodeConfig');
      await page
        .getByRole('button', { name: /^Edit configuration/ })
        .first()
        .click();
      const p = panel(page);
      await expect(p.getByText('Edit Configuration')).toBeVisible();
      await expect(p.getByLabel('SI. No. Starts From')).toBeDisabled();
      await expect(p.getByTestId('example-case-id-0')).toHaveText(`DLF-H1B-${year}-10001`);
      await shot(page, 'role1-edit');
      const update = page.waitForRequest((r) => r.url().endsWith('/api/case-id-config/update'));
      await p.getByRole('button', { name: 'Update' }).click();
      expect((await update).postDataJSON()).toMatchObject({ subTypeIds: [1], resetIdBy: 'Year' });
      await expect(page.getByText('Case code configuration updated successfully')).toBeVisible();
    });

    test('R-CASECODE-013: R-CASECODE-014: Delete asks "Do you want to Delete?" and removes the configuration', async ({
      page,
      as,
    }) => {
      await as('platformAdmin');
      await page.goto('/settings/caseCodeConfig');
      await page
        .getByRole('button', { name: /^Delete configuration/ })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: 'Delete Configuration' });
      await expect(dialog.getByText('Do you want to Delete?')).toBeVisible();
      await shot(page, 'role1-delete');
      const del = page.waitForRequest((r) => r.url().endsWith('/api/case-id-config/delete'));
      await dialog.getByRole('button', { name: 'Yes' }).click();
      expect(Object.keys((await del).postDataJSON())).toEqual(['configId']);
      await expect(page.getByText('Case code configuration deleted successfully')).toBeVisible();
      await expect(page.getByText('No Case Code Configuration Found')).toBeVisible();
    });

    test('D-05: the tab stays hidden for role 2', async ({ page, as }) => {
      await as('platformOps');
      await page.goto('/settings/labelsList');
      await expect(page.getByRole('navigation')).toBeVisible();
      await expect(page.getByRole('navigation').getByRole('link', { name: 'Case Code Configuration' })).toHaveCount(0);
      await shot(page, 'role2-menu');
    });
  });
