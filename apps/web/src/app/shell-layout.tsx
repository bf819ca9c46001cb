import type { Me } from '@caseport/domain/auth/contracts';
import { ActionIcon, Anchor, AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBriefcase, IconHelp } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Brand } from '../components/brand';
import { ReminderBell } from '../features/reminders/reminder-bell';
import type { HelpEntry } from './help-text';
import { UserMenu } from './user-menu';

const HelpDrawer = lazy(() => import('./help-drawer'));

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
            {/* Issue 34: the firm's Admin and Branch Manager reach their cases from every screen, phones too
                (a word from xs up, the case icon below it). */}
            {me.roleId === 3 || me.roleId === 4 ? (
              <>
                <Anchor component={Link} to="/cases" fw={600} size="sm" ml="md" visibleFrom="xs">
                  Cases
                </Anchor>
                <ActionIcon
                  component={Link}
                  to="/cases"
                  variant="subtle"
                  size="lg"
                  radius="xl"
                  hiddenFrom="xs"
                  aria-label="Cases"
                  title="Cases"
                >
                  <IconBriefcase size={22} aria-hidden="true" />
                </ActionIcon>
              </>
            ) : null}
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
