import type { Me } from '@caseport/domain/auth/contracts';
import { lazy, Suspense, useState } from 'react';
import { BellButton, useBellCount } from './bell-button';

const loadPanel = () => import('./bell-panel');
const BellPanel = lazy(loadPanel);

/**
 * Issue 17: the in-app bell of every tenant user. Only the button and its count are in the shell's first
 * paint; the list (a Popover with floating-ui) loads on hover or focus and opens on the first click.
 */
export function ReminderBell({ me }: { me: Me }) {
  const hasTenant = !!me.tenant;
  const count = useBellCount(hasTenant);
  const [armed, setArmed] = useState(false);
  if (!hasTenant) return null;
  const unread = count.data?.unread ?? 0;
  const button = (
    <BellButton
      unread={unread}
      aria-expanded={false}
      onPointerEnter={() => void loadPanel()}
      onFocus={() => void loadPanel()}
      onClick={() => setArmed(true)}
    />
  );
  if (!armed) return button;
  return (
    <Suspense fallback={button}>
      <BellPanel unread={unread} />
    </Suspense>
  );
}
