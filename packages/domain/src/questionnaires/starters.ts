import type { EntityType } from './contracts';
import type { Definition, Question, Section } from './definition';

/**
 * The platform's starter questionnaires (issue 21), published as version 1 of platform templates by the
 * idempotent seed (packages/db/src/seed/questionnaires.ts). The ids are fixed: migration 0038 points the
 * tenants' existing case-type configurations at them by name. The questions follow what the USCIS forms ask
 * of each party (I-129 and its H Classification Supplement, I-130 and I-130A, N-400, I-485, I-140, ETA-9089):
 * a starting point the platform team edits into new versions, not legal advice.
 */
const q = (key: string, label: string, type: Question['type'], more: Partial<Question> = {}): Question => ({
  key,
  label,
  type,
  ...more,
});
const req = (key: string, label: string, type: Question['type'], more: Partial<Question> = {}) =>
  q(key, label, type, { required: true, ...more });
const section = (key: string, title: string, questions: Question[], description?: string): Section => ({
  key,
  title,
  ...(description ? { description } : {}),
  questions,
});

/** The residential address every party gives first. */
const currentAddress = (more: Partial<Question> = {}) =>
  req('currentAddress', 'Current residential address', 'address', more);
/** Both sides of the green card (N-400 always, I-130 for a permanent-resident petitioner). */
const greenCardCopy = (more: Partial<Question> = {}) =>
  req('greenCardCopy', 'Both sides of your green card', 'file', more);
/**
 * The "each employer" run: name, the role, start date, then the end of the job as each form asks it.
 * `more` adds the group's help text and rules.
 */
const employersGroup = (label: string, role: Question, ending: Question[], more: Partial<Question> = {}): Question =>
  req('employers', label, 'group', {
    addLabel: 'Add employer',
    ...more,
    questions: [req('employerName', 'Employer name', 'text'), role, req('startDate', 'Start date', 'date'), ...ending],
  });

const NAME_HELP = 'As printed in your passport.';
/** Issue 35 item 2: the beneficiary's (or applicant's) own answers fill their record; another person's fill nothing. */
const fills = (prefix: string, target: string): Partial<Question> => (prefix ? {} : { fills: target });
const personal = (prefix = ''): Section =>
  section('personal', 'Personal information', [
    req(`${prefix}familyName`, 'Family name (last name)', 'text', { helpText: NAME_HELP }),
    req(`${prefix}givenName`, 'Given name (first name)', 'text', { helpText: NAME_HELP }),
    q(`${prefix}middleName`, 'Middle name', 'text'),
    q(`${prefix}hasOtherNames`, 'Have you used any other names (maiden name, aliases)?', 'yesNo'),
    q(`${prefix}otherNames`, 'Other names used', 'longText', {
      showIf: { questionKey: `${prefix}hasOtherNames`, equals: true },
      required: true,
    }),
    req(`${prefix}dateOfBirth`, 'Date of birth', 'date', fills(prefix, 'person.dateOfBirth')),
    req(`${prefix}sex`, 'Sex', 'singleChoice', { options: ['Male', 'Female'] }),
    req(`${prefix}countryOfBirth`, 'Country of birth', 'country', fills(prefix, 'person.countryOfBirth')),
    req(
      `${prefix}countryOfCitizenship`,
      'Country of citizenship or nationality',
      'country',
      fills(prefix, 'person.countryOfCitizenship'),
    ),
    req(`${prefix}email`, 'E-mail address', 'email'),
    req(`${prefix}phone`, 'Daytime phone number', 'phone', fills(prefix, 'person.phone')),
  ]);

const passport = section('passport', 'Passport and travel document', [
  req('passportNumber', 'Passport number', 'text', {
    fills: 'person.passportNumber',
    validation: { pattern: '^[A-Za-z0-9]{5,20}$', patternMessage: 'Letters and digits only, 5 to 20 characters' },
  }),
  req('passportCountry', 'Country that issued the passport', 'country'),
  req('passportIssued', 'Date of issue', 'date'),
  req('passportExpiry', 'Date of expiry', 'date', { fills: 'person.passportExpiry' }),
  req('passportCopy', 'Copy of the passport biographic page', 'file'),
]);

const usStatus = section('us-status', 'Status in the United States', [
  req('inUs', 'Are you currently in the United States?', 'yesNo'),
  req('currentStatus', 'Current nonimmigrant status', 'singleChoice', {
    options: ['H-1B', 'F-1 (OPT / STEM OPT)', 'L-1', 'O-1', 'TN', 'H-4', 'B-1/B-2', 'Other'],
    showIf: { questionKey: 'inUs', equals: true },
  }),
  req('lastEntryDate', 'Date of last arrival', 'date', { showIf: { questionKey: 'inUs', equals: true } }),
  req('i94Number', 'I-94 record number', 'text', {
    fills: 'person.i94Number',
    showIf: { questionKey: 'inUs', equals: true },
    validation: { pattern: '^[0-9A-Za-z]{11}$', patternMessage: 'The I-94 number has 11 characters' },
  }),
  q('i94Copy', 'Most recent I-94 record', 'file', { showIf: { questionKey: 'inUs', equals: true } }),
  q('aNumber', 'Alien registration number (A-Number), if any', 'text', {
    helpText: 'Seven to nine digits, found on notices from USCIS.',
    validation: { pattern: '^A?[0-9]{7,9}$', patternMessage: 'Seven to nine digits, optionally after an A' },
  }),
  q('consulate', 'U.S. consulate where you would apply for the visa', 'text', {
    showIf: { questionKey: 'inUs', equals: false },
  }),
]);

const addresses = section('addresses', 'Addresses', [
  currentAddress({ fills: 'person.address' }),
  q('mailingSame', 'Is your mailing address the same?', 'yesNo'),
  req('mailingAddress', 'Mailing address', 'address', { showIf: { questionKey: 'mailingSame', equals: false } }),
  req('foreignAddress', 'Permanent address abroad', 'address', {
    helpText: 'Where you lived before coming to the United States.',
  }),
]);

const education = section('education', 'Education', [
  req('highestDegree', 'Highest degree completed', 'singleChoice', {
    options: ['High school', "Associate's", "Bachelor's", "Master's", 'Doctorate', 'Other'],
  }),
  req('degrees', 'Degrees', 'group', {
    addLabel: 'Add degree',
    validation: { minItems: 1 },
    questions: [
      req('institution', 'University or school', 'text'),
      req('degreeCountry', 'Country', 'country'),
      req('fieldOfStudy', 'Field of study', 'text'),
      req('degreeDate', 'Date awarded', 'date'),
      q('diploma', 'Diploma and transcripts', 'file'),
    ],
  }),
  q('evaluationNeeded', 'Was any degree earned outside the United States?', 'yesNo', {
    helpText: 'A foreign degree usually needs a credential evaluation.',
  }),
]);

const employment = section('employment', 'Employment history', [
  employersGroup(
    'Employers in the last five years',
    req('jobTitle', 'Job title', 'text'),
    [
      q('current', 'Is this your current job?', 'yesNo'),
      req('endDate', 'End date', 'date', { showIf: { questionKey: 'current', equals: false } }),
      q('duties', 'Main duties', 'longText'),
      q('employerAddress', 'Employer address', 'address'),
    ],
    { helpText: 'Start with the current or most recent employer.', validation: { minItems: 1 } },
  ),
  q('resume', 'Resume / CV', 'file'),
]);

const travel = section('travel', 'Travel', [
  q('trips', 'Trips outside the United States of more than 24 hours in the last five years', 'group', {
    addLabel: 'Add trip',
    questions: [
      req('tripCountry', 'Country visited', 'country'),
      req('departed', 'Date you left the United States', 'date'),
      req('returned', 'Date you returned', 'date'),
    ],
  }),
]);

const family = section('family', 'Family', [
  req('maritalStatus', 'Marital status', 'singleChoice', {
    options: ['Single, never married', 'Married', 'Divorced', 'Widowed', 'Legally separated'],
  }),
  req('spouseName', "Spouse's full name", 'text', { showIf: { questionKey: 'maritalStatus', equals: 'Married' } }),
  req('spouseDateOfBirth', "Spouse's date of birth", 'date', {
    showIf: { questionKey: 'maritalStatus', equals: 'Married' },
  }),
  q('marriageCertificate', 'Marriage certificate', 'file', {
    showIf: { questionKey: 'maritalStatus', equals: 'Married' },
  }),
  q('children', 'Children', 'group', {
    addLabel: 'Add child',
    questions: [
      req('childName', 'Full name', 'text'),
      req('childDateOfBirth', 'Date of birth', 'date'),
      req('childCountryOfBirth', 'Country of birth', 'country'),
      q('childAccompanying', 'Will the child come to or stay in the United States with you?', 'yesNo'),
    ],
  }),
]);

const background = section(
  'background',
  'Background',
  [
    req('arrested', 'Have you ever been arrested, cited or detained by any law enforcement officer?', 'yesNo'),
    req('arrestDetails', 'Explain each arrest, citation or detention', 'longText', {
      showIf: { questionKey: 'arrested', equals: true },
    }),
    req('visaDenied', 'Have you ever been refused a U.S. visa or entry to the United States?', 'yesNo'),
    req('visaDeniedDetails', 'Explain each refusal', 'longText', {
      showIf: { questionKey: 'visaDenied', equals: true },
    }),
  ],
  'Answer truthfully: your attorney reviews every answer before anything is filed.',
);

const employer = section('company', 'Company', [
  req('legalName', 'Legal name of the company', 'text'),
  req('fein', 'Federal Employer Identification Number (FEIN)', 'text', {
    validation: { pattern: '^[0-9]{2}-?[0-9]{7}$', patternMessage: 'Nine digits, as 12-3456789' },
  }),
  req('companyAddress', 'Principal business address', 'address'),
  req('yearEstablished', 'Year established', 'number', { validation: { min: 1800, max: 2100 } }),
  req('employeesInUs', 'Number of employees in the United States', 'number', {
    validation: { min: 1 },
    fills: 'case.employeeCount',
  }),
  req('grossIncome', 'Gross annual income (USD)', 'number', { validation: { min: 0 } }),
  req('naicsCode', 'NAICS code', 'text', {
    validation: { pattern: '^[0-9]{2,6}$', patternMessage: 'Two to six digits' },
  }),
  req('signatoryName', 'Name of the authorized signatory', 'text'),
  req('signatoryEmail', 'Signatory e-mail', 'email'),
]);

const position = section('position', 'Offered position', [
  req('positionTitle', 'Job title', 'text', { fills: 'case.jobTitle' }),
  req('positionDuties', 'Duties of the position', 'longText', { validation: { minLength: 50 } }),
  req('minimumRequirement', 'Minimum education required', 'singleChoice', {
    options: ["Bachelor's", "Master's", 'Doctorate'],
  }),
  req('worksite', 'Worksite address', 'address', { fills: 'case.worksites' }),
  q('remote', 'Will the employee work from home some of the time?', 'yesNo'),
  req('homeAddress', 'Home office address', 'address', { showIf: { questionKey: 'remote', equals: true } }),
  req('wage', 'Offered annual wage (USD)', 'number', { validation: { min: 0 }, fills: 'case.wage' }),
  req('startDateRequested', 'Requested start date', 'date', { fills: 'case.startDate' }),
  q('thirdPartySite', 'Will the employee work at a client (third-party) site?', 'yesNo'),
  req('clientName', 'Client name', 'text', { showIf: { questionKey: 'thirdPartySite', equals: true } }),
]);

export interface StarterQuestionnaire {
  id: string;
  name: string;
  entityType: EntityType;
  definition: Definition;
}

const N400_ELIGIBILITY = section('eligibility', 'Eligibility', [
  req('eligibilityBasis', 'You are applying as', 'singleChoice', {
    options: [
      'A permanent resident for at least 5 years',
      'A permanent resident for at least 3 years, married to and living with a U.S. citizen',
      'A person who served honorably in the U.S. armed forces',
      'Other',
    ],
  }),
  req('greenCardDate', 'Date you became a permanent resident', 'date', {
    helpText: 'The "Resident since" date on your green card.',
  }),
  greenCardCopy(),
  req('citizenSpouseSince', 'Date your spouse became a U.S. citizen', 'date', {
    showIf: {
      questionKey: 'eligibilityBasis',
      equals: 'A permanent resident for at least 3 years, married to and living with a U.S. citizen',
    },
  }),
]);

export const STARTER_QUESTIONNAIRES: readonly StarterQuestionnaire[] = [
  {
    id: '3a1f0c52-7d4e-4b8a-9c21-000000000001',
    name: 'H-1B Beneficiary Questionnaire',
    entityType: 'beneficiary',
    definition: { sections: [personal(), passport, usStatus, addresses, education, employment, family] },
  },
  {
    id: '3a1f0c52-7d4e-4b8a-9c21-000000000002',
    name: 'H-1B Employer (Petitioner) Questionnaire',
    entityType: 'petitioner',
    definition: { sections: [employer, position] },
  },
  {
    id: '3a1f0c52-7d4e-4b8a-9c21-000000000003',
    name: 'L-1 Intracompany Transferee Questionnaire',
    entityType: 'beneficiary',
    definition: {
      sections: [
        personal(),
        passport,
        usStatus,
        section('qualifying', 'Qualifying employment abroad', [
          req('foreignEmployer', 'Employer abroad (parent, branch, subsidiary or affiliate)', 'text'),
          req('foreignStart', 'Start date with the employer abroad', 'date', {
            helpText: 'L-1 needs one continuous year abroad within the last three years.',
          }),
          req('foreignRole', 'Your role abroad', 'singleChoice', {
            options: ['Executive', 'Manager', 'Specialized knowledge'],
          }),
          req('foreignDuties', 'Duties abroad', 'longText'),
          q('orgChart', 'Organization chart abroad', 'file'),
        ]),
        employment,
        family,
      ],
    },
  },
  {
    id: '3a1f0c52-7d4e-4b8a-9c21-000000000004',
    name: 'O-1 Extraordinary Ability Questionnaire',
    entityType: 'beneficiary',
    definition: {
      sections: [
        personal(),
        passport,
        usStatus,
        section('achievements', 'Evidence of extraordinary ability', [
          req('field', 'Field of extraordinary ability', 'text'),
          req('criteria', 'Which evidence can you provide?', 'multipleChoice', {
            options: [
              'Nationally or internationally recognized prizes or awards',
              'Membership in associations requiring outstanding achievement',
              'Published material about you',
              'Judging the work of others',
              'Original contributions of major significance',
              'Authorship of scholarly articles',
              'Critical employment in distinguished organizations',
              'High salary',
            ],
            validation: { minItems: 3 },
            helpText: 'O-1A needs at least three of these criteria.',
          }),
          q('awards', 'Awards', 'group', {
            addLabel: 'Add award',
            showIf: { questionKey: 'criteria', equals: 'Nationally or internationally recognized prizes or awards' },
            questions: [
              req('awardName', 'Award', 'text'),
              req('awardYear', 'Year', 'number'),
              q('awardProof', 'Proof', 'file'),
            ],
          }),
        ]),
        education,
        employment,
      ],
    },
  },
  {
    id: '3a1f0c52-7d4e-4b8a-9c21-000000000005',
    name: 'PERM and I-140 Beneficiary Questionnaire',
    entityType: 'beneficiary',
    definition: { sections: [personal(), passport, usStatus, education, employment, addresses] },
  },
  {
    id: '3a1f0c52-7d4e-4b8a-9c21-000000000006',
    name: 'I-485 Adjustment of Status Questionnaire',
    entityType: 'beneficiary',
    definition: { sections: [personal(), passport, usStatus, addresses, employment, family, travel, background] },
  },
  {
    id: '3a1f0c52-7d4e-4b8a-9c21-000000000007',
    name: 'I-130 Petition for Alien Relative Questionnaire',
    // The relative who petitions (role 51, the sponsor): a family case has no petitioner company (migration 0062).
    entityType: 'sponsor',
    definition: {
      sections: [
        section('relationship', 'Relationship', [
          req('relationship', 'You are filing for your', 'singleChoice', {
            options: ['Spouse', 'Parent', 'Brother or sister', 'Child'],
          }),
          req('petitionerStatus', 'You are a', 'singleChoice', {
            options: ['U.S. citizen', 'Lawful permanent resident'],
          }),
          req(
            'citizenshipProof',
            'Proof of U.S. citizenship (passport, naturalization certificate or birth certificate)',
            'file',
            {
              showIf: { questionKey: 'petitionerStatus', equals: 'U.S. citizen' },
            },
          ),
          greenCardCopy({ showIf: { questionKey: 'petitionerStatus', equals: 'Lawful permanent resident' } }),
          req('marriageDate', 'Date of marriage', 'date', {
            showIf: { questionKey: 'relationship', equals: 'Spouse' },
          }),
          req('marriageCertificate', 'Marriage certificate', 'file', {
            showIf: { questionKey: 'relationship', equals: 'Spouse' },
          }),
        ]),
        personal(),
        section('petitioner-address', 'Your addresses', [
          currentAddress(),
          req('addressHistory', 'Addresses in the last five years', 'group', {
            addLabel: 'Add address',
            questions: [req('pastAddress', 'Address', 'address'), req('from', 'From', 'date'), req('to', 'To', 'date')],
          }),
        ]),
        section('petitioner-employment', 'Your employment in the last five years', [
          employersGroup('Employers', req('occupation', 'Occupation', 'text'), [q('endDate', 'End date', 'date')]),
        ]),
        section('prior-petitions', 'Prior petitions', [
          req('filedBefore', 'Have you ever filed a petition for this or any other person?', 'yesNo'),
          req('priorPetitions', 'Prior petitions', 'group', {
            addLabel: 'Add petition',
            showIf: { questionKey: 'filedBefore', equals: true },
            questions: [
              req('priorBeneficiary', 'Beneficiary name', 'text'),
              req('priorFiledDate', 'Date filed', 'date'),
              req('priorResult', 'Result', 'singleChoice', { options: ['Approved', 'Denied', 'Withdrawn', 'Pending'] }),
            ],
          }),
        ]),
      ],
    },
  },
  {
    id: '3a1f0c52-7d4e-4b8a-9c21-000000000008',
    name: 'N-400 Naturalization Questionnaire',
    entityType: 'beneficiary',
    definition: { sections: [N400_ELIGIBILITY, personal(), addresses, employment, travel, family, background] },
  },
];
