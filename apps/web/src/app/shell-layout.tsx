import type { Me } from '@caseport/domain/auth/contracts';
import { PARTY_ROLES, SIGNING_ROLES } from '@caseport/domain/auth/roles';
import { ActionIcon, Anchor, AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconBriefcase,
  IconBuildingCommunity,
  IconForms,
  IconHelp,
  IconReceipt,
  IconSignature,
} from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Brand } from '../components/brand';
import { ReminderBell } from '../features/reminders/reminder-bell';
import type { HelpEntry } from './help-text';
import { UserMenu } from './user-menu';

const HelpDrawer = lazy(() => import('./help-drawer'));

/**
 * The header's page links, by role: the firm's Admin and Branch Manager reach their cases from every screen
 * (issue 34), the people outside it the cases linked to them (issue 35); the platform's administrators their tenants (issue 38 finding 6, also a sub-tab of User Roles).
 */
const PAGE_LINKS = [
  { to: '/cases', label: 'Cases', icon: IconBriefcase, roles: [3, 4] },
  // Issue 35: the people outside the firm reach the cases linked to them.
  { to: '/my-cases', label: 'My cases', icon: IconBriefcase, roles: PARTY_ROLES },
  { to: '/to-answer', label: 'To answer', icon: IconForms, roles: PARTY_ROLES },
  // The firm's attorneys (5) sign too: a template may place attorney fields.
  { to: '/to-sign', label: 'To sign', icon: IconSignature, roles: SIGNING_ROLES },
  { to: '/tenants', label: 'Tenants', icon: IconBuildingCommunity, roles: [1, 2] },
  // Issue 36: the platform's fee schedules, by the day they apply.
  { to: '/fee-schedules', label: 'Fee schedules', icon: IconReceipt, roles: [1, 2] },
] as const;

interface ShellLayoutProps {
  me: Me;
  /** Hidden on the first-time setup routes (R-SHELL-009). */
  navbar?: ReactNode;
  /** The setup steps on /basic-settings and /basic-configuration (R-SHELL-008). */
  footer?: ReactNode;
  help?: HelpEntry | undefined;
  children: ReactNode;
}

export function ShellLayout({ me, navbar, footer, help, children }: ShellLayoutProps) {
  const [navOpened, nav] = useDisclosure(false);
  const [helpOpened, helpDrawer] = useDisclosure(false);
  // The drawer's chunk loads on the first '?' click, then stays mounted so it can animate closed.
  const [helpMounted, setHelpMounted] = useState(false);
  const location = useLocation();

  // A tab chosen on a phone should show its content, not keep the menu over it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => {
    nav.close();
    helpDrawer.close();
  }, [location.pathname]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={navbar ? { width: 260, breakpoint: 'sm', collapsed: { mobile: !navOpened } } : undefined}
      footer={footer ? { height: 72 } : undefined}
      padding="lg"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {navbar ? (
              <Burger
                opened={navOpened}
                onClick={nav.toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={navOpened ? 'Close settings menu' : 'Open settings menu'}
              />
            ) : null}
            <Link to="/" aria-label="Caseport home" style={{ textDecoration: 'none', borderRadius: 6 }}>
              <Brand />
            </Link>
            {/* Phones too: a word from xs up, the icon below it. */}
            {PAGE_LINKS.filter((l) => (l.roles as readonly number[]).includes(me.roleId)).map(
              ({ to, label, icon: Icon }) => (
                <Group key={to} gap={0} wrap="nowrap">
                  <Anchor component={Link} to={to} fw={600} size="sm" ml="md" visibleFrom="xs">
                    {label}
                  </Anchor>
                  <ActionIcon
                    component={Link}
                    to={to}
                    variant="subtle"
                    size="lg"
                    radius="xl"
                    hiddenFrom="xs"
                    aria-label={label}
                    title={label}
                  >
                    <Icon size={22} aria-hidden="true" />
                  </ActionIcon>
                </Group>
              ),
            )}
          </Group>
          <Group gap="sm" wrap="nowrap">
            {help ? (
              <ActionIcon
                variant="subtle"
                size="lg"
                radius="xl"
                onClick={() => {
                  setHelpMounted(true);
                  helpDrawer.open();
                }}
                aria-label={`Help for ${help.title}`}
                title={`Help: ${help.title}`}
              >
                <IconHelp size={22} aria-hidden="true" />
              </ActionIcon>
            ) : null}
            <ReminderBell me={me} />
            <UserMenu me={me} />
          </Group>
        </Group>
      </AppShell.Header>
      {navbar ? (
        <AppShell.Navbar p="sm" aria-label="Settings">
          {navbar}
        </AppShell.Navbar>
      ) : null}
      <AppShell.Main>{children}</AppShell.Main>
      {footer ? <AppShell.Footer>{footer}</AppShell.Footer> : null}
      {helpMounted ? (
        <Suspense fallback={null}>
          <HelpDrawer entry={help} opened={helpOpened} onClose={helpDrawer.close} />
        </Suspense>
      ) : null}
    </AppShell>
  );
}
