import { type TenantProfile, TenantProfileUpdateSchema } from '@caseport/domain/profile/contracts';
import { BASE_DOMAIN, maskFein, sanitizeAccountDomain } from '@caseport/domain/profile/rules';
import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowRight, IconLock } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { AddressFields } from '../../components/address-fields';
import { type FormLike, scrollToFirstError } from '../../components/form-like';
import { ImageUpload, LogoUpload } from '../../components/image-upload';
import { notify } from '../../components/notify';
import { PhoneField } from '../../components/phone-field';
import { SetupBackButton } from '../../components/setup-footer';
import { SetupFooterControls, useSetupNav } from '../../components/setup-nav';
import { fieldErrors } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/current-user';
import { useTenantProfile, useUpdateProfile } from './api';
import { DocumentList } from './components/document-list';
import { EverifyCard } from './components/everify-card';
import { MailingAddressQuestion } from './components/mailing-address-question';
import { PetitionerSection } from './components/petitioner-section';
import { Section } from './components/section';
import { LoadState } from './load-state';
import { type ProfileValues, profileValues } from './profile-form-values';

const validate = zod4Resolver(TenantProfileUpdateSchema, { errorPriority: 'first' });

/** The Company Details content: loads the tenant profile (R-PROFILE-039), then the form. */
export default function CompanyDetails() {
  const me = useCurrentUser();
  const profile = useTenantProfile(me.tenantId);

  return (
    <LoadState query={profile} loadingLabel="Loading company details" failedTitle="Company details could not be loaded">
      {(tenant) =>
        tenant ? (
          <CompanyDetailsForm
            key={tenant.tenantId}
            tenant={tenant}
            showEverify={me.roleId === 3 && me.tenantType === 2}
          />
        ) : null
      }
    </LoadState>
  );
}

const FORM_ID = 'company-details-form';

function CompanyDetailsForm({ tenant, showEverify }: { tenant: TenantProfile; showEverify: boolean }) {
  const navigate = useNavigate();
  const setupNav = useSetupNav();
  const update = useUpdateProfile(tenant.tenantId);
  const rootRef = useRef<HTMLFormElement>(null);
  const form = useForm<ProfileValues>({
    mode: 'controlled',
    initialValues: profileValues(tenant),
    validate: validate as never,
    validateInputOnBlur: true,
  });
  const f = form as unknown as FormLike;
  const values = form.getValues();
  const locked = tenant.profComplted === 'Yes';
  const isPetitionerCompany = tenant.tenantType === 2;

  const onValid = async (v: ProfileValues) => {
    const body = TenantProfileUpdateSchema.parse({ ...v, tenantId: tenant.tenantId });
    try {
      const res = await update.mutateAsync(body);
      void notify.success(res.message);
      // R-PROFILE-035: every successful save continues on the User Roles tab; inside first-time setup the
      // save finishes the Company Details step and the setup goes on to its next step instead.
      if (setupNav) setupNav.advance();
      else navigate('/settings/usersRoles');
    } catch (e) {
      // R-PROFILE-050/052: the server's message as a toast; the spinner stops with the mutation.
      void notify.error(e);
      form.setErrors(fieldErrors(e));
      scrollToFirstError(rootRef.current);
    }
  };

  const slugInput = form.getInputProps('slug');
  const idPrefixInput = form.getInputProps('idPrefix');
  const feinInput = form.getInputProps('feiNumber');
  const lockHint = locked ? (
    <Tooltip label="Locked once the company details are complete">
      <IconLock size={16} aria-label="Locked" />
    </Tooltip>
  ) : null;

  const copyAdminToSignatory = (on: boolean) => {
    form.setFieldValue('isSameasAdminInformation', on ? 'yes' : 'no');
    if (!on || !values.petitionerInfo) return;
    form.setFieldValue('petitionerInfo.authorizedSignatory', {
      ...values.petitionerInfo.authorizedSignatory,
      firstName: values.adminFirstName,
      lastName: values.adminLastName,
      email: tenant.adminEmail,
      phone: values.phone,
      phoneCountryCode: values.phoneCountryCode,
    });
  };

  return (
    <Stack gap="lg">
      <form
        id={FORM_ID}
        ref={rootRef}
        noValidate
        aria-label="Company Details"
        onSubmit={form.onSubmit(
          (v) => void onValid(v),
          () => scrollToFirstError(rootRef.current),
        )}
      >
        <Stack gap="lg">
          <Section title="Admin information">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
              <TextInput
                label="First name"
                required
                name="adminFirstName"
                key={form.key('adminFirstName')}
                {...form.getInputProps('adminFirstName')}
              />
              <TextInput
                label="Last name"
                required
                name="adminLastName"
                key={form.key('adminLastName')}
                {...form.getInputProps('adminLastName')}
              />
              <TextInput
                label="Admin email"
                value={tenant.adminEmail}
                readOnly
                variant="filled"
                description="Your sign-in e-mail"
              />
              <PhoneField
                form={f}
                path="phone"
                countryPath="phoneCountryCode"
                country={values.phoneCountryCode}
                label="Phone"
                required
              />
            </SimpleGrid>
          </Section>

          <Section title="Company" description={tenant.name}>
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
                <LogoUpload form={f} value={values.logo} />
                <ImageUpload
                  label="Favicon"
                  purpose="favicon"
                  required
                  hint="Square png, jpg or ico, at most 100 KB"
                  value={values.favicon}
                  onChange={(file) => {
                    form.setFieldValue('favicon', file);
                    // R-PROFILE-027: removing it says so at once.
                    form.validateField('favicon');
                  }}
                  error={form.errors.favicon}
                  previewWidth={36}
                  previewHeight={36}
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
                <TextInput
                  label="From Email"
                  required
                  type="email"
                  name="fromEmail"
                  key={form.key('fromEmail')}
                  {...form.getInputProps('fromEmail')}
                />
                <TextInput
                  label="Contact Email"
                  required
                  type="email"
                  name="contactEmail"
                  key={form.key('contactEmail')}
                  {...form.getInputProps('contactEmail')}
                />
              </SimpleGrid>
            </Stack>
          </Section>

          <Section
            title="Account"
            description="Your portal address and the short code that starts your case numbers. Both are locked once saved."
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
              <TextInput
                label="Account Domain"
                required
                name="slug"
                readOnly={locked}
                variant={locked ? 'filled' : 'default'}
                leftSection={lockHint}
                rightSection={
                  <Text size="sm" c="dimmed" pr="sm">
                    {BASE_DOMAIN}
                  </Text>
                }
                rightSectionWidth={120}
                rightSectionPointerEvents="none"
                key={form.key('slug')}
                {...slugInput}
                onChange={(e: React.ChangeEvent<HTMLInputElement>) =>
                  slugInput.onChange(sanitizeAccountDomain(e.currentTarget.value))
                }
              />
              <TextInput
                label="Company Short Code"
                required
                name="idPrefix"
                readOnly={locked}
                variant={locked ? 'filled' : 'default'}
                leftSection={lockHint}
                description={locked ? undefined : '3-15 letters and digits'}
                key={form.key('idPrefix')}
                {...idPrefixInput}
                onChange={(e: React.ChangeEvent<HTMLInputElement>) =>
                  idPrefixInput.onChange(e.currentTarget.value.toUpperCase())
                }
              />
            </SimpleGrid>
          </Section>

          {!isPetitionerCompany ? (
            <Section title="FEIN">
              <Stack gap="sm">
                <TextInput
                  label="FEIN Number"
                  placeholder="##-#######"
                  inputMode="numeric"
                  maw={320}
                  name="feiNumber"
                  key={form.key('feiNumber')}
                  {...feinInput}
                  onChange={(e: React.ChangeEvent<HTMLInputElement>) =>
                    feinInput.onChange(maskFein(e.currentTarget.value))
                  }
                />
                <DocumentList
                  label="FEIN Documents"
                  purpose="document"
                  value={values.feinDocs}
                  onChange={(docs) => form.setFieldValue('feinDocs', docs)}
                />
              </Stack>
            </Section>
          ) : null}

          <Section title="Address">
            <Stack gap="md">
              <AddressFields form={f} path="address" value={values.address} />
              <MailingAddressQuestion form={f} values={values} />
            </Stack>
          </Section>

          {isPetitionerCompany ? (
            <Section title="Petitioner profile" description="Used on petitions filed for your company.">
              <PetitionerSection
                form={f}
                values={values}
                sameAsAdmin={{ checked: values.isSameasAdminInformation === 'yes', onChange: copyAdminToSignatory }}
              />
            </Section>
          ) : null}

          {setupNav ? (
            // Inside first-time setup the save is the footer's one primary button (issue 15: one set of controls).
            <SetupFooterControls
              back={<SetupBackButton onBack={setupNav.back} />}
              primary={
                <Button
                  type="submit"
                  form={FORM_ID}
                  loading={update.isPending}
                  rightSection={<IconArrowRight size={16} aria-hidden="true" />}
                >
                  Save and continue
                </Button>
              }
            />
          ) : (
            <Paper
              withBorder
              radius="md"
              p="sm"
              pos="sticky"
              bottom={0}
              style={{ zIndex: 5, boxShadow: 'var(--mantine-shadow-sm)' }}
            >
              <Group justify="space-between">
                <Text size="sm" c="dimmed">
                  {locked
                    ? 'Changes apply as soon as you update.'
                    : 'Complete every required field, then update to finish this step.'}
                </Text>
                <Button type="submit" loading={update.isPending}>
                  Update
                </Button>
              </Group>
            </Paper>
          )}
        </Stack>
      </form>
      {showEverify ? <EverifyCard tenantId={tenant.tenantId} initial={tenant.eVerifyClientId ?? ''} /> : null}
    </Stack>
  );
}
