import type { Me } from '@caseport/domain/auth/contracts';
import { lazy, Suspense, useState } from 'react';
import { UserMenuTrigger } from './user-menu-trigger';

const loadDropdown = () => import('./user-menu-dropdown');
const UserMenuDropdown = lazy(loadDropdown);

/**
 * The account menu. Its dropdown (Mantine Menu with floating-ui, ~25 KB gzip) is not part of the first
 * paint: the button alone is; the menu code loads on hover or focus and opens on the first click.
 */
export function UserMenu({ me }: { me: Me }) {
  const [armed, setArmed] = useState(false);
  const trigger = (
    <UserMenuTrigger
      me={me}
      aria-expanded={false}
      onPointerEnter={() => void loadDropdown()}
      onFocus={() => void loadDropdown()}
      onClick={() => setArmed(true)}
    />
  );
  if (!armed) return trigger;
  return (
    <Suspense fallback={trigger}>
      <UserMenuDropdown me={me} />
    </Suspense>
  );
}
