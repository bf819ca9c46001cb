import type { TemplateTypeId } from '@caseport/domain/workflows/catalogue';
import { activityToWire } from '@caseport/domain/workflows/contracts';
import { newWorkflow } from '@caseport/domain/workflows/rules';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { tenants, workflows } from '../schema/index';

/**
 * Demo workflows: one per template type (D-13) for every demo tenant, built by the rule engine so each
 * obeys the rules of its tenant type. The tenant's default workflow (template type 1, seeded by demo.ts)
 * keeps configCompleted false: a new tenant goes through first-time setup (R-SHELL-045). The others are
 * complete and active, ready to link to case types.
 */
const NAMES: Record<Exclude<TemplateTypeId, 1>, string> = {
  2: 'PERM Labor Certification',
  3: 'I-140 Immigrant Worker Petition',
  4: 'I-485 Employment-Based Adjustment',
  5: 'Applicant-Initiated Application',
  6: 'I-765 / I-131 Work and Travel',
  7: 'I-130 Family Petition',
  8: 'I-485 Family-Based Adjustment',
  9: 'N-400 Naturalization',
};

const columns = (d: ReturnType<typeof newWorkflow>) => ({
  workflowType: d.workflowType,
  assignUsersOn: d.assignUsersOn,
  manageRfeCase: d.manageRfeCase,
  showPetitionAlert: d.showPetitionAlert,
  activities: d.config.map(activityToWire),
});

/**
 * A new tenant's default workflow (R-SHELL-045): template type 1, built by the rule engine for the tenant's
 * type, still to be set up (configCompleted false), so the tenant goes through first-time setup.
 */
export const defaultWorkflowOf = (tenantId: string, tenantType: 1 | 2) => ({
  tenantId,
  name: 'Default Workflow',
  tplTypeId: 1,
  isDefault: true,
  configCompleted: false,
  active: false,
  ...columns(newWorkflow('Default Workflow', 1, { tenantType })),
});

export const seedWorkflows = async (db: Executor) => {
  const rows = await db.select({ id: tenants.id, type: tenants.type }).from(tenants);
  for (const t of rows) {
    const ctx = { tenantType: t.type as 1 | 2 };
    await db
      .update(workflows)
      .set(columns(newWorkflow('Default Workflow', 1, ctx)))
      .where(and(eq(workflows.tenantId, t.id), eq(workflows.isDefault, true)));
    let minutes = 0;
    for (const [tpl, name] of Object.entries(NAMES)) {
      const d = newWorkflow(name, Number(tpl) as TemplateTypeId, ctx);
      minutes += 1;
      await db.insert(workflows).values({
        tenantId: t.id,
        name,
        tplTypeId: d.tplTypeId,
        ...columns(d),
        configCompleted: true,
        active: true,
        createdOn: sql`now() + make_interval(mins => ${minutes})`,
      });
    }
  }
};
