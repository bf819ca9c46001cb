import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Executor } from '../client';
import { seedDataDir } from '../paths';
import { couriers, serviceCenters } from '../schema/index';

/**
 * The five USCIS service centers as platform-level rows (tenant_id null, R-SVC-014) and the couriers of
 * 001 §7 /tracking/courierlist. Facts as retrieved on EFFECTIVE_DATE from uscis.gov ("USCIS Service
 * Centers", the I-129/I-140/I-485/I-130 "Where to File" pages); USCIS moves filing locations often, so each
 * row says to verify the address before filing. Couriers deliver to the street address; USPS mail goes to
 * the form-specific P.O. box or lockbox on the form's "Where to File" page, so no USPS block is seeded.
 * Ids are fixed: re-running the seed never duplicates a center, and a tenant's edits are never overwritten.
 */
export const SERVICE_CENTERS_EFFECTIVE_DATE = '2026-11-22';
const SOURCE = 'uscis.gov: USCIS Service Centers; Where to File pages of Forms I-129, I-140, I-485, I-130';
const VERIFY = `Verify against uscis.gov before filing (addresses as of ${SERVICE_CENTERS_EFFECTIVE_DATE}).`;

const street = (lines: readonly string[]) => `<p>${lines.join('<br>')}</p>`;
const courierBlocks = (address: string) => [2, 3, 4].map((courierId) => ({ courierId, address }));

/** typeId: the case type each center is best known for (petition-types.json); the rest is in the description. */
const CENTERS = [
  {
    id: '6f1c7a2e-5b3d-4c8e-9a01-0c5a1e000001',
    name: 'USCIS California Service Center',
    typeId: 1,
    premiumProcessing: 'yes',
    lines: ['USCIS California Service Center', '24000 Avila Road', 'Laguna Niguel, CA 92677'],
    description: 'Processes I-129 petitions (H-1B cap and others) and family and humanitarian forms.',
  },
  {
    id: '6f1c7a2e-5b3d-4c8e-9a01-0c5a1e000002',
    name: 'USCIS Nebraska Service Center',
    typeId: 5,
    premiumProcessing: 'yes',
    lines: ['USCIS Nebraska Service Center', '850 S Street', 'Lincoln, NE 68508'],
    description: 'Processes I-140 immigrant petitions, I-485 and I-765 among others.',
  },
  {
    id: '6f1c7a2e-5b3d-4c8e-9a01-0c5a1e000003',
    name: 'USCIS Texas Service Center',
    typeId: 6,
    premiumProcessing: 'yes',
    lines: ['USCIS Texas Service Center', '6046 N Belt Line Rd', 'Irving, TX 75038'],
    description: 'Processes I-140 and employment-based I-485 adjustment applications among others.',
  },
  {
    id: '6f1c7a2e-5b3d-4c8e-9a01-0c5a1e000004',
    name: 'USCIS Vermont Service Center',
    typeId: 4,
    premiumProcessing: 'no',
    lines: ['USCIS Vermont Service Center', '75 Lower Welden Street', 'Saint Albans, VT 05479'],
    description: 'Processes I-129 (E, TN and others), I-130 and humanitarian forms.',
  },
  {
    id: '6f1c7a2e-5b3d-4c8e-9a01-0c5a1e000005',
    name: 'USCIS Potomac Service Center',
    typeId: 2,
    premiumProcessing: 'yes',
    lines: [
      'USCIS Potomac Service Center',
      'Arlington, VA',
      'Use the courier address on the form’s Where to File page',
    ],
    description: 'Processes I-129 (L-1 and others) and I-140 petitions filed with it.',
  },
] as const;

export const seedServiceCenters = async (db: Executor): Promise<void> => {
  const courierRows = JSON.parse(readFileSync(join(seedDataDir(), 'couriers.json'), 'utf8'));
  await db.insert(couriers).values(courierRows).onConflictDoNothing();
  await db
    .insert(serviceCenters)
    .values(
      CENTERS.map((c) => ({
        id: c.id,
        tenantId: null,
        name: c.name,
        typeId: c.typeId,
        stateIds: [],
        addressConfig: courierBlocks(street(c.lines)),
        premiumProcessing: c.premiumProcessing,
        description: `${c.description} ${VERIFY}`,
        source: SOURCE,
        effectiveDate: SERVICE_CENTERS_EFFECTIVE_DATE,
      })),
    )
    .onConflictDoNothing();
};
