/**
 * jsdom lacks what Mantine reads at render time (matchMedia for color scheme and breakpoints,
 * ResizeObserver for ScrollArea and friends). Wire this file as a vitest `setupFiles` entry for apps/web.
 */
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy* and waitFor wait up to 5 s for what they look for (1 s by default): a lazy tab's chunk and its first
// render in jsdom took longer than 1 s on a loaded CI machine (settings-shell.test R-SHELL-042, 29 Nov). Only
// the wait grows; every assertion is the same.
configure({ asyncUtilTimeout: 5_000 });

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });
  Object.defineProperty(globalThis, 'ResizeObserver', {
    writable: true,
    configurable: true,
    value: ResizeObserverStub,
  });
}

// Mantine ScrollArea and Combobox call these; jsdom does not implement layout.
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => undefined;
if (!('scrollTo' in Element.prototype))
  (Element.prototype as unknown as { scrollTo: () => void }).scrollTo = () => undefined;
window.scrollTo = (() => undefined) as typeof window.scrollTo;

// getComputedStyle(el, pseudo) is not implemented in jsdom and logs an error for every Mantine transition.
const originalGetComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = ((el: Element) => originalGetComputedStyle(el)) as typeof window.getComputedStyle;

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
