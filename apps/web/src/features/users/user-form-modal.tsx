import type { UserItem } from '@caseport/domain/users/contracts';
import { UserInviteBodySchema } from '@caseport/domain/users/contracts';
import { Group, Modal, Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useState } from 'react';
import { ModalFooter } from '../../components/modal-footer';
import { ModalForm } from '../../components/modal-form';
import { notify } from '../../components/notify';
import { fieldErrors } from '../../lib/api-client';
import { useBranchOptions } from '../../lib/branch-options';
import { useCurrentUser } from '../../lib/current-user';
import { type LinkAnswer, useInviteUser, useUpdateUser } from './api';
import { useAssignableRoles } from './use-role-options';

interface Values {
  email: string;
  firstName: string;
  lastName: string;
  roleId: string;
  /** '' for no branch. */
  branchId: string;
}

const validate = zod4Resolver(UserInviteBodySchema);

interface Props {
  opened: boolean;
  /** null: Invite User. */
  user: UserItem | null;
  onClose: () => void;
  /** An invitation no mail transport took: the page shows its link. */
  onInvited: (answer: LinkAnswer) => void;
}

/** Invite a user (e-mail, name, role within the allowed-roles set), or edit one's name and role. */
export function UserFormModal({ opened, user, onClose, onInvited }: Props) {
  const invite = useInviteUser();
  const update = useUpdateUser();
  const roles = useAssignableRoles();
  const branches = useBranchOptions();
  // A branch manager (role 4) adds people to their own branch only (the server enforces it).
  const ownBranchOnly = useCurrentUser().roleId === 4;
  const [error, setError] = useState<unknown>(null);
  const form = useForm<Values>({
    initialValues: { email: '', firstName: '', lastName: '', roleId: '', branchId: '' },
    validate: (v) =>
      validate({
        ...v,
        email: user ? 'kept@example.com' : v.email,
        roleId: Number(v.roleId) || 0,
        branchId: v.branchId || null,
      }),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the popup opens for a row
  useEffect(() => {
    if (!opened) return;
    form.setValues({
      email: user?.email ?? '',
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      roleId: user ? String(user.roleId) : '',
      branchId: user ? (user.branchId ?? '') : ownBranchOnly ? (branches[0]?.value ?? '') : '',
    });
    form.resetDirty();
    form.clearErrors();
    setError(null);
  }, [opened, user]);

  const onError = (e: unknown) => {
    form.setErrors(fieldErrors(e));
    setError(e);
  };
  const onSubmit = form.onSubmit((v) => {
    setError(null);
    const names = {
      firstName: v.firstName.trim(),
      lastName: v.lastName.trim(),
      roleId: Number(v.roleId),
      branchId: v.branchId || null,
    };
    if (user) {
      update.mutate(
        { userId: user._id, ...names },
        {
          onSuccess: (a) => {
            notify.success(a.message);
            onClose();
          },
          onError,
        },
      );
    } else {
      invite.mutate(
        { email: v.email.trim(), ...names },
        {
          onSuccess: (a) => {
            notify.success(a.message);
            onClose();
            onInvited(a);
          },
          onError,
        },
      );
    }
  });
  const pending = invite.isPending || update.isPending;

  return (
    <Modal opened={opened} onClose={onClose} title={user ? 'Edit User' : 'Invite User'} centered>
      <ModalForm onSubmit={onSubmit} error={error} onClearError={() => setError(null)}>
        <TextInput
          label="Email"
          type="email"
          withAsterisk
          disabled={!!user}
          autoComplete="off"
          data-autofocus
          {...form.getInputProps('email')}
        />
        <Group grow align="flex-start">
          <TextInput label="First name" withAsterisk maxLength={50} {...form.getInputProps('firstName')} />
          <TextInput label="Last name" withAsterisk maxLength={50} {...form.getInputProps('lastName')} />
        </Group>
        <Select
          label="Role"
          withAsterisk
          data={roles}
          placeholder="Select a role"
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('roleId')}
        />
        <Select
          label="Branch"
          data={branches}
          placeholder={ownBranchOnly ? 'Your branch' : 'No branch'}
          clearable={!ownBranchOnly}
          disabled={ownBranchOnly}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('branchId')}
          value={form.values.branchId || null}
          onChange={(v) => form.setFieldValue('branchId', v ?? '')}
        />
        <ModalFooter onCancel={onClose} saving={pending} saveLabel={user ? 'Update' : 'Send Invitation'} />
      </ModalForm>
    </Modal>
  );
}
