import type { TabKey } from '@caseport/domain/settings/tabs';
import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useMemo, useState } from 'react';

// Opened once per tenant at most: not worth a place in the initial bundle.
const CongratulationsModal = lazy(() => import('./congratulations-modal'));

export interface ShellState {
  /** R-SHELL-006/007: shared by the sidebar, the help drawer and the panels; defaults to 'profile'. */
  activeTab: TabKey;
  setActiveTab: (tab: TabKey) => void;
  /** R-SHELL-051: first-time setup calls this when the server finds every step done. */
  showCongratulations: () => void;
}

const ShellContext = createContext<ShellState | null>(null);

export function ShellProvider({ children }: { children: ReactNode }) {
  const [activeTab, setActiveTab] = useState<TabKey>('profile');
  const [congratsOpen, setCongratsOpen] = useState(false);
  const [congratsMounted, setCongratsMounted] = useState(false);
  const showCongratulations = useCallback(() => {
    setCongratsMounted(true);
    setCongratsOpen(true);
  }, []);
  const value = useMemo(() => ({ activeTab, setActiveTab, showCongratulations }), [activeTab, showCongratulations]);
  return (
    <ShellContext.Provider value={value}>
      {children}
      {congratsMounted ? (
        <Suspense fallback={null}>
          <CongratulationsModal opened={congratsOpen} onClose={() => setCongratsOpen(false)} />
        </Suspense>
      ) : null}
    </ShellContext.Provider>
  );
}

export function useShell(): ShellState {
  const ctx = useContext(ShellContext);
  if (!ctx) throw new Error('useShell must be used inside <ShellProvider>');
  return ctx;
}
