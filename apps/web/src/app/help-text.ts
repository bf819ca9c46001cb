import type { TabKey } from '@caseport/domain/settings/tabs';

export interface HelpEntry {
  title: string;
  paragraphs: string[];
}

/** R-SHELL-050: the tabs that have help; the '?' button shows only on these. */
export const HELP_TEXT: Partial<Record<TabKey, HelpEntry>> = {
  profile: {
    title: 'Company Details',
    paragraphs: [
      'Complete this form first: until it is saved once, the other tabs only say that they wait for it, and branch managers see a notice on every tab.',
      'The account domain and the company short code are locked after the first successful save, so check them before you press Update.',
      'Logo and favicon are shown on your portal and e-mails. The FEIN and its documents apply to law firms; petitioner companies fill in the petitioner section instead.',
      'If you answer No to "mailing address same as above", enter the mailing address separately.',
    ],
  },
  workflow: {
    title: 'Workflows',
    paragraphs: [
      'A workflow is the ordered set of activities a case goes through (for example: create the case, questionnaire, LCA, document review, filing).',
      'Edit a workflow in three steps with Back and Continue, then press Complete Setup. Only a workflow that is configured and active can be used by case types.',
      'Turning an activity off also clears its editors and watchers. Choose how RFEs are handled: within the same case, or filed separately.',
      'Use Clone to start from an existing workflow instead of building one from scratch.',
    ],
  },
  caseTypes: {
    title: 'Case Types',
    paragraphs: [
      'Switch on the case types your organisation handles (H-1B, L-1, PERM, I-485 and so on). Sub-types can only be switched on when their case type is on.',
      'For each case type choose the workflow and the questionnaire that new cases will use, and the forms and letters that come with it.',
      'If a configuration is already used by cases, you are asked whether to update the existing configuration or create a new one, so open cases keep theirs.',
    ],
  },
  questionnarie: {
    title: 'Case Configuration',
    paragraphs: [
      'Link each case type and sub-type to a workflow, a questionnaire template and its forms and letters.',
      'Change Workflow and Change Questionnaire open a list to pick from, with a preview of each option.',
      'If only one questionnaire is offered and you need another, contact support.',
    ],
  },
  caseCodeConfig: {
    title: 'Case Code Configuration',
    paragraphs: [
      'A case code pattern builds the case number shown on every new case, from parts joined by hyphens (for example a prefix, the year and a serial number).',
      'Choose the sub-types a pattern applies to, the number the serial starts from and when it resets. The Example Case ID shows the result before you save.',
      'Only one date part can be used in a pattern: choosing one removes the others.',
    ],
  },
  socSettings: {
    title: 'SOC Settings',
    paragraphs: [
      'SOC (Standard Occupational Classification) codes describe the job in LCA and PERM filings. Keep the codes your organisation uses, each with its Word templates.',
      'Use Bulk Upload to add many codes at once. An inactive code stays on existing cases but cannot be chosen for new ones.',
    ],
  },
  servicesCenters: {
    title: 'Service Centers',
    paragraphs: [
      'Service centers are the USCIS filing offices. Each has the case types it receives and the petitioner office states it serves, plus courier addresses.',
      "The filing address shown on a case is chosen from the case type and the petitioner's office state, so keep both lists accurate.",
    ],
  },
  labelsList: {
    title: 'Labels',
    paragraphs: [
      'Labels are coloured tags for messages, so your team can sort and find conversations quickly.',
      'Create a label with a name and a colour; rename or recolour it later with Edit.',
    ],
  },
};
