import type { TenantListItem } from '@caseport/domain/tenants/contracts';
import { Select } from '@mantine/core';

/** Role 1's Customer picker above a per-tenant screen (D-02): the screen loads once a customer is picked. */
export function CustomerSelect({
  customers,
  value,
  onChange,
}: {
  customers: TenantListItem[] | undefined;
  value: string | null;
  onChange: (tenantId: string | null) => void;
}) {
  return (
    <Select
      label="Customer"
      placeholder="Select Customer"
      searchable
      maw={420}
      data={(customers ?? []).map((c) => ({ value: c._id, label: c.name }))}
      value={value}
      onChange={onChange}
    />
  );
}
