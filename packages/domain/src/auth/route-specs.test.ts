import { describe, expect, it } from 'vitest';
import { findTab } from '../settings/tabs';
import { PERMISSIONS, type Permission } from './permissions';
import { ROUTE_SPECS, type RouteSpec } from './route-specs';

const entries = Object.entries(PERMISSIONS) as [string, Permission][];
const specOf = (key: string) => (ROUTE_SPECS as Record<string, RouteSpec>)[key];

/** The roles and tenant types the tabs' screens admit together (a tab without a limit admits both types). */
const tabsAdmit = (tabs: readonly string[]) => {
  const defs = tabs.map((t) => findTab(t)!);
  const roles = [...new Set(defs.flatMap((d) => d.contentRoles))].sort((a, b) => a - b);
  const types = defs.every((d) => d.tenantTypes) ? [...new Set(defs.flatMap((d) => d.tenantTypes!))].sort() : undefined;
  return { roles, tenantTypes: types };
};

describe('route specs (issue 25, finding 5)', () => {
  it('every route of the matrix names its spec section, and only routes of the matrix do', () => {
    expect(Object.keys(ROUTE_SPECS).sort()).toEqual(Object.keys(PERMISSIONS).sort());
    for (const [key] of entries) expect(specOf(key)?.spec.trim(), key).toBeTruthy();
  });

  it('D-02: a route without a documented rule admits exactly the content roles (and tenant types) of the tabs that call it', () => {
    for (const [key, p] of entries) {
      const spec = specOf(key)!;
      if (spec.rule) continue;
      expect(p.kind, key).toBe('roles');
      expect(spec.tabs?.length, key).toBeGreaterThan(0);
      if (p.kind !== 'roles') continue;
      const admit = tabsAdmit(spec.tabs!);
      expect(
        [...p.roles].sort((a, b) => a - b),
        key,
      ).toEqual(admit.roles);
      expect(p.tenantTypes ? [...p.tenantTypes].sort() : undefined, key).toEqual(admit.tenantTypes);
    }
  });

  it('a documented rule only narrows its tabs, except where it names the extra role; public and any-user routes carry a rule', () => {
    for (const [key, p] of entries) {
      const spec = specOf(key)!;
      if (p.kind !== 'roles') {
        expect(spec.rule, key).toBeTruthy();
        continue;
      }
      if (p.tab) expect(spec.tabs, key).toContain(p.tab);
      if (!spec.rule || !spec.tabs) continue;
      const admit = tabsAdmit(spec.tabs);
      // The extra role a rule adds must be named in its text ("plus role 2 ...").
      for (const role of p.roles.filter((r) => !admit.roles.includes(r)))
        expect(spec.rule, `${key}: role ${role}`).toMatch(new RegExp(`\\b${role}\\b`));
    }
  });
});
