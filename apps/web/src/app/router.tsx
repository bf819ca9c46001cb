import { isPartyRole, isPlatformRole, isSigningRole, Role } from '@caseport/domain/auth/roles';
import { ESIGN_PREPARE_PATH } from '@caseport/domain/esign-fields/paths';
import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { loginUrlFor, setUnauthorizedHandler } from '../lib/api-client';
import { ME_KEY } from '../lib/current-user';
import { queryClient } from '../lib/query-client';
import { FullPageLoader } from './full-page-status';
import { PetitionerProfilePage } from './petitioner-profile-page';
import { RequireAuth } from './require-auth';
import { RootRedirect } from './root-redirect';
import { RouteError } from './route-error';
import { SettingsPage } from './settings-page';
import { SetupPage } from './setup-page';
import { ShellPage } from './shell-page';

// Its own chunk: zod and @mantine/form are needed only to sign in, never by a signed-in shell.
const LoginPage = lazy(() => import('../features/auth/login-page'));
// Issue 16: the invitation / reset link page (signed out), its own chunk.
const SetPasswordPage = lazy(() => import('../features/auth/set-password-page'));
// Issue 16: the signed-in user's own name and password.
const AccountPage = lazy(() => import('../features/auth/account-page'));
// Minimal cases (issue 5), roles 3 and 4: its own chunk.
const CasesPage = lazy(() => import('../features/cases/cases-page'));
// Issue 34: the case page (Overview, Documents, Fees, History), same roles, its own chunk.
const CasePage = lazy(() => import('../features/cases/case-page'));
// Issue 35: 'My cases' of the people outside the firm (roles 11, 12, 50, 51).
const MyCasesPage = lazy(() => import('../features/cases/my-cases-page'));
const MyCasePage = lazy(() => import('../features/cases/my-case-page'));
const ToSignPage = lazy(() => import('../features/cases/to-sign-page'));
const ToAnswerPage = lazy(() => import('../features/cases/to-answer-page'));
const AnswerPage = lazy(() => import('../features/cases/to-answer-page').then((m) => ({ default: m.AnswerPage })));
// Issue 38 finding 6: the platform's tenants as a page of their own (roles 1 and 2), its own chunk.
const TenantsPanel = lazy(() => import('../features/tenants/tenants-panel'));
// Issue 36: the platform's fee schedule versions (roles 1 and 2), its own chunk.
const FeeSchedulesPage = lazy(() => import('../features/filing-fees/fee-schedules-page'));
// Issue 20: the e-sign preparation page (R-ESIGN-011's frame), with pdf.js, its own chunk.
const EsignPreparePage = lazy(() => import('../features/esign-fields/prepare-page'));
// Issue 20: the letter editor opened in a frame by the letter lists; the editor library is in this chunk only.
const LetterEditorPage = lazy(() => import('../features/letters/letter-editor-page'));

/** D-01 routes (exported for tests, which mount them in a memory router). */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      {
        path: '/login',
        element: (
          <Suspense fallback={<FullPageLoader />}>
            <LoginPage />
          </Suspense>
        ),
      },
      ...['/accept-invitation', '/reset-password'].map((path) => ({
        path,
        element: (
          <Suspense fallback={<FullPageLoader />}>
            <SetPasswordPage />
          </Suspense>
        ),
      })),
      {
        element: <RequireAuth />,
        children: [
          { index: true, element: <RootRedirect /> },
          { path: 'settings', element: <SettingsPage /> },
          { path: 'settings/:tabName', element: <SettingsPage /> },
          { path: 'basic-settings', element: <Navigate to="/basic-settings/profile" replace /> },
          { path: 'basic-settings/:tabName', element: <SetupPage route="basic-settings" /> },
          { path: 'basic-configuration/:tabName?', element: <SetupPage route="basic-configuration" /> },
          { path: 'petitioner-profile', element: <PetitionerProfilePage /> },
          {
            path: 'account',
            element: (
              <ShellPage>
                <AccountPage />
              </ShellPage>
            ),
          },
          {
            path: 'cases',
            element: (
              <ShellPage allow={(me) => me.roleId === Role.Admin || me.roleId === Role.BranchManager}>
                <CasesPage />
              </ShellPage>
            ),
          },
          {
            path: 'my-cases',
            element: (
              <ShellPage allow={(me) => isPartyRole(me.roleId)}>
                <MyCasesPage />
              </ShellPage>
            ),
          },
          {
            path: 'my-cases/:id',
            element: (
              <ShellPage allow={(me) => isPartyRole(me.roleId)}>
                <MyCasePage />
              </ShellPage>
            ),
          },
          {
            path: 'to-answer',
            element: (
              <ShellPage allow={(me) => isPartyRole(me.roleId)}>
                <ToAnswerPage />
              </ShellPage>
            ),
          },
          {
            path: 'to-answer/:id',
            element: (
              <ShellPage allow={(me) => isPartyRole(me.roleId)}>
                <AnswerPage />
              </ShellPage>
            ),
          },
          {
            path: 'to-sign',
            element: (
              <ShellPage allow={(me) => isSigningRole(me.roleId)}>
                <ToSignPage />
              </ShellPage>
            ),
          },
          {
            path: 'tenants',
            element: (
              <ShellPage allow={(me) => isPlatformRole(me.roleId)}>
                <TenantsPanel page />
              </ShellPage>
            ),
          },
          {
            path: 'fee-schedules',
            element: (
              <ShellPage allow={(me) => isPlatformRole(me.roleId)}>
                <FeeSchedulesPage />
              </ShellPage>
            ),
          },
          {
            path: 'cases/:id',
            element: (
              <ShellPage allow={(me) => me.roleId === Role.Admin || me.roleId === Role.BranchManager}>
                <CasePage />
              </ShellPage>
            ),
          },
          {
            path: ESIGN_PREPARE_PATH.slice(1),
            element: (
              <Suspense fallback={<FullPageLoader />}>
                <EsignPreparePage />
              </Suspense>
            ),
          },
          {
            path: 'letter-editor',
            element: (
              <Suspense fallback={<FullPageLoader />}>
                <LetterEditorPage />
              </Suspense>
            ),
          },
          { path: '*', element: <Navigate to="/" replace /> },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);

// A session that expires mid-use: forget the user and go to /login, keeping where they were (D-07 401).
setUnauthorizedHandler((intendedUrl) => {
  queryClient.setQueryData(ME_KEY, null);
  if (!router.state.location.pathname.startsWith('/login'))
    void router.navigate(loginUrlFor(intendedUrl), { replace: true });
});
