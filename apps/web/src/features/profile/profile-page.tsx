import { Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { SectionHeading } from '../../components/section-heading';
import type { TabPanelProps } from '../../lib/tab-panel';
import { FormSkeleton } from './form-skeleton';

// The form pulls in the shared contracts and the phone metadata: the heading shows while they load.
const CompanyDetails = lazy(() => import('./company-details'));

/** The Company Details tab (000 §2, role 3): every field of the tenant profile, saved with one Update. */
export default function ProfilePage(_props: TabPanelProps) {
  return (
    <Stack gap="lg">
      <SectionHeading
        order={2}
        title="Company Details"
        description="Your company's profile: it appears on letters, e-mails and the case portal."
      />
      <Suspense fallback={<FormSkeleton label="Loading company details" />}>
        <CompanyDetails />
      </Suspense>
    </Stack>
  );
}
