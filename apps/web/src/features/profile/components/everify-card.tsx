import { EverifyClientIdSchema } from '@caseport/domain/profile/contracts';
import { Button, Group, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { notify } from '../../../components/notify';
import { useUpdateEverify } from '../api';
import { Section } from './section';

/** R-PROFILE-019/020/037/038: the I-9 E-Verify Client ID with its own Update (role 3, tenant type 2). */
export function EverifyCard({ tenantId, initial }: { tenantId: string; initial: string }) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateEverify(tenantId);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = EverifyClientIdSchema.safeParse(value);
    if (!parsed.success) {
      // The call runs only after the field validates.
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    try {
      const res = await update.mutateAsync(parsed.data);
      void notify.success(res.message);
    } catch (e) {
      void notify.error(e);
    }
  };

  return (
    <Section title="I-9 E-Verify" description="The client ID your company received when it enrolled in E-Verify.">
      <form noValidate onSubmit={(e) => void onSubmit(e)}>
        <Group align="flex-start" gap="sm">
          <TextInput
            label="I-9 E-Verify Client ID"
            description="Exactly 7 letters or digits"
            maw={320}
            style={{ flex: 1 }}
            name="eVerifyClientId"
            value={value}
            error={error}
            onChange={(e) => {
              setValue(e.currentTarget.value.trim());
              if (error) setError(null);
            }}
          />
          <Button type="submit" variant="light" mt={46} loading={update.isPending}>
            Update
          </Button>
        </Group>
      </form>
    </Section>
  );
}
