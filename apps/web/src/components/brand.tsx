import { Group, Text } from '@mantine/core';

export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="var(--mantine-color-brand-7)" />
      <path d="M21.5 11.2a7 7 0 1 0 0 9.6" fill="none" stroke="#fff" strokeWidth="3.2" strokeLinecap="round" />
    </svg>
  );
}

export function Brand({ size = 28 }: { size?: number }) {
  return (
    <Group gap={8} wrap="nowrap">
      <BrandMark size={size} />
      <Text component="span" fw={700} fz={size > 30 ? 'xl' : 'lg'} c="brand.8" style={{ letterSpacing: '-0.01em' }}>
        Caseport
      </Text>
    </Group>
  );
}
