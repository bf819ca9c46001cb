import { hash, verify } from '@node-rs/argon2';

/** argon2id with the OWASP-recommended minimums (19 MiB, 2 passes). */
const OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum) */,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

/** A real hash to verify against when the account does not exist, so timing does not reveal accounts. */
let dummyHash: Promise<string> | null = null;
export const verifyPassword = async (storedHash: string | null, password: string): Promise<boolean> => {
  if (!storedHash) {
    dummyHash ??= hashPassword('caseport-timing-equalizer');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
};

/**
 * SECURITY 7: the zxcvbn-ts common-password list (about 30,000 of the most used passwords), loaded on
 * first use. Matching ignores case, as attackers' lists do.
 */
let commonPasswords: Promise<Set<string>> | null = null;
export const isCommonPassword = async (password: string): Promise<boolean> => {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map((p) => p.toLowerCase())),
  );
  return (await commonPasswords).has(password.toLowerCase());
};
