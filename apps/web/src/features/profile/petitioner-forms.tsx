import {
  CompanyDataUpdateSchema,
  type PetitionerInfo,
  PetitionerProfileUpdateSchema,
  type TenantProfile,
} from '@caseport/domain/profile/contracts';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useRef } from 'react';
import { AddressFields, type AddressValues, emptyAddress } from '../../components/address-fields';
import { type FormLike, scrollToFirstError } from '../../components/form-like';
import { LogoUpload } from '../../components/image-upload';
import { notify } from '../../components/notify';
import { fieldErrors } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/current-user';
import { usePetitionerProfile, useTenantProfile, useUpdateCompanyData, useUpdatePetitionerProfile } from './api';
import { PetitionerSection } from './components/petitioner-section';
import { Section } from './components/section';
import { LoadState } from './load-state';
import { type PetitionerValues, petitionerValues } from './profile-form-values';

/**
 * Role 50's petitioner profile (D-04) or role 12's company data (R-PROFILE-036), below the panel's heading.
 * The company data is the tenant's only in a petitioner company; a law firm's role 12 is told who keeps the
 * firm's logo and address (the server refuses the save, issue 25 finding 5).
 */
export default function PetitionerForms() {
  const me = useCurrentUser();
  if (me.roleId !== 12) return <PetitionerScreen />;
  if (me.tenantType !== 2)
    return (
      <Text size="sm">
        Company data is kept by petitioner companies. Your firm's logo and address are in its Company Details, which
        your administrator edits.
      </Text>
    );
  return <CompanyDataScreen tenantId={me.tenantId} />;
}

function PetitionerScreen() {
  const profile = usePetitionerProfile();
  return <LoadState query={profile}>{(info) => <PetitionerForm info={info ?? null} />}</LoadState>;
}

const petitionerValidate = zod4Resolver(PetitionerProfileUpdateSchema, { errorPriority: 'first' });

function PetitionerForm({ info }: { info: PetitionerInfo | null }) {
  const update = useUpdatePetitionerProfile();
  const rootRef = useRef<HTMLFormElement>(null);
  const form = useForm<{ petitionerInfo: PetitionerValues }>({
    mode: 'controlled',
    initialValues: { petitionerInfo: petitionerValues(info, true) },
    validate: petitionerValidate as never,
    validateInputOnBlur: true,
  });
  const onValid = async (v: { petitionerInfo: PetitionerValues }) => {
    try {
      const res = await update.mutateAsync(PetitionerProfileUpdateSchema.parse(v));
      void notify.success(res.message);
    } catch (e) {
      void notify.error(e);
      form.setErrors(fieldErrors(e));
      scrollToFirstError(rootRef.current);
    }
  };
  return (
    <form
      ref={rootRef}
      noValidate
      aria-label="Petitioner Profile"
      onSubmit={form.onSubmit(
        (v) => void onValid(v),
        () => scrollToFirstError(rootRef.current),
      )}
    >
      <Stack gap="lg">
        <Section title="Company and signatory">
          <PetitionerSection form={form as unknown as FormLike} values={form.getValues()} withAddress />
        </Section>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            Update
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function CompanyDataScreen({ tenantId }: { tenantId: string | null }) {
  const profile = useTenantProfile(tenantId);
  return <LoadState query={profile}>{(tenant) => <CompanyDataForm tenant={tenant as TenantProfile} />}</LoadState>;
}

const companyValidate = zod4Resolver(CompanyDataUpdateSchema, { errorPriority: 'first' });

interface CompanyValues {
  logo: TenantProfile['logo'];
  address: AddressValues;
}

function CompanyDataForm({ tenant }: { tenant: TenantProfile }) {
  const update = useUpdateCompanyData(tenant.tenantId);
  const rootRef = useRef<HTMLFormElement>(null);
  const form = useForm<CompanyValues>({
    mode: 'controlled',
    initialValues: { logo: tenant.logo, address: (tenant.address as AddressValues | null) ?? emptyAddress() },
    validate: companyValidate as never,
  });
  const values = form.getValues();
  const onValid = async (v: CompanyValues) => {
    try {
      const res = await update.mutateAsync(CompanyDataUpdateSchema.parse(v));
      void notify.success(res.message);
    } catch (e) {
      void notify.error(e);
      form.setErrors(fieldErrors(e));
    }
  };
  return (
    <form
      ref={rootRef}
      noValidate
      aria-label="Company data"
      onSubmit={form.onSubmit(
        (v) => void onValid(v),
        () => scrollToFirstError(rootRef.current),
      )}
    >
      <Stack gap="lg">
        <Section title={tenant.name}>
          <Stack gap="md">
            <LogoUpload form={form as unknown as FormLike} value={values.logo} />
            <AddressFields form={form as unknown as FormLike} path="address" value={values.address} />
          </Stack>
        </Section>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            Update
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
