import { createContext, type ReactNode, useContext, useEffect } from 'react';
import { createPortal } from 'react-dom';

/**
 * First-time setup shows one set of navigation controls (issue 15): the footer's Back and Continue. A panel
 * with steps of its own (the workflow editor) takes those two places over while it is shown, and hands back
 * to the setup when it runs out of steps.
 */
export interface SetupNav {
  /** Where the footer's Back and primary button sit; a panel that claims the footer renders into them. */
  slots: { back: HTMLElement | null; primary: HTMLElement | null };
  /** Registers a panel that drives the footer; the returned function releases it. */
  claim: () => () => void;
  /** The setup step before this one, or null on the first. */
  back: (() => void) | null;
  /** A panel's save has finished its step: on to the next step, or finish setup on the last one. */
  advance: () => void;
}

export const SetupNavContext = createContext<SetupNav | null>(null);

/** The setup's navigation when the panel is shown inside first-time setup; null anywhere else. */
export function useSetupNav(): SetupNav | null {
  return useContext(SetupNavContext);
}

/**
 * For a panel inside setup: claims the footer so its own Back and primary button replace the setup's, and
 * renders them there. Outside setup it renders nothing (the panel shows its own bar).
 */
export function SetupFooterControls({ back, primary }: { back: ReactNode; primary: ReactNode }) {
  const nav = useSetupNav();
  const claim = nav?.claim;
  useEffect(() => claim?.(), [claim]);
  if (!nav) return null;
  return (
    <>
      {nav.slots.back ? createPortal(back, nav.slots.back) : null}
      {nav.slots.primary ? createPortal(primary, nav.slots.primary) : null}
    </>
  );
}
