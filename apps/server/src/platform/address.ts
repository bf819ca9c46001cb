import { type Executor, schema } from '@caseport/db/client';
import type { Address } from '@caseport/domain/profile/contracts';
import { PROFILE_MESSAGES as M } from '@caseport/domain/profile/rules';
import { eq } from 'drizzle-orm';
import { fieldError } from './errors';

/** The master-data rows an address points at (reference data, readable in every context). */
const findAddressParts = async (tx: Executor, countryId: number, stateId: number, cityId: number) => {
  const [country] = await tx.select().from(schema.countries).where(eq(schema.countries.id, countryId));
  const [state] = await tx.select().from(schema.states).where(eq(schema.states.id, stateId));
  const [city] = await tx.select().from(schema.cities).where(eq(schema.cities.id, cityId));
  return { country: country ?? null, state: state ?? null, city: city ?? null };
};

/**
 * Checks the master-data chain country → state → city and fills the detail objects (R-PROFILE-029; every
 * address the portal stores: company, mailing, petitioner, billing). `field` is the address's path in the
 * body, so a broken link is reported on its own input.
 */
export const resolveAddress = async (tx: Executor, field: string, address: Address): Promise<Address> => {
  const parts = await findAddressParts(tx, address.countryId, address.stateId, address.locationId);
  if (!parts.country) throw fieldError(`${field}.countryId`, M.countryRequired);
  if (!parts.state || parts.state.countryId !== parts.country.id) throw fieldError(`${field}.stateId`, M.stateRequired);
  if (!parts.city || parts.city.stateId !== parts.state.id) throw fieldError(`${field}.locationId`, M.cityRequired);
  return {
    ...address,
    country: { ...parts.country },
    state: { id: parts.state.id, name: parts.state.name, countryId: parts.state.countryId },
    location: { id: parts.city.id, name: parts.city.name, stateId: parts.city.stateId },
  };
};
