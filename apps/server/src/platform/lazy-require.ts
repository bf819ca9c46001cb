import { createRequire } from 'node:module';

const requireHere = createRequire(import.meta.url);

/**
 * A CommonJS package loaded the first time a synchronous caller needs it, not at every server start (issue 38
 * finding 11: sanitize-html and pizzip, with what they require, are ~80 files the start had to read and
 * compile though no start uses them). Pass a `typeof import('…')` as T; the types stay the package's own.
 */
export const lazyRequire = <T>(id: string): (() => T) => {
  let loaded: T | undefined;
  return () => {
    loaded ??= requireHere(id) as T;
    return loaded;
  };
};
