import { Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { SectionHeading } from '../../components/section-heading';
import { useCurrentUser } from '../../lib/current-user';
import type { TabPanelProps } from '../../lib/tab-panel';
import { FormSkeleton } from './form-skeleton';

const PetitionerForms = lazy(() => import('./petitioner-forms'));

/** The role-50 wrapper screen's panel (D-04); role 12 gets its company data here (R-PROFILE-036). */
export default function PetitionerProfilePanel(_props: TabPanelProps) {
  const me = useCurrentUser();
  const isSignatory = me.roleId === 12;
  return (
    <Stack gap="lg">
      <SectionHeading
        order={2}
        title={isSignatory ? 'Company data' : 'Petitioner Profile'}
        description={
          isSignatory
            ? 'The logo and address of your company.'
            : "Your company's details for the petitions your law firm files for you."
        }
      />
      <Suspense fallback={<FormSkeleton label="Loading your profile" />}>
        <PetitionerForms />
      </Suspense>
    </Stack>
  );
}
