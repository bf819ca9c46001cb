import { Text, Title, type TitleOrder, type TitleProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A page's or section's title with its dimmed explanation right under it (no gap between the two). `id` lets
 * the section it heads name itself after the title (`aria-labelledby`).
 */
export function SectionHeading({
  title,
  description,
  order,
  fz,
  id,
}: {
  title: ReactNode;
  description: ReactNode;
  order: TitleOrder;
  fz?: TitleProps['fz'];
  id?: string;
}) {
  return (
    <div>
      <Title order={order} fz={fz} id={id}>
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {description}
      </Text>
    </div>
  );
}
