/**
 * SECURITY 7, NIST SP 800-63B-4 §3.1.1.2 (issue 25, finding 4): besides its length (contracts.ts) and the
 * common-password list (checked on the server and, loaded on demand, in the form), a new password is refused
 * when it is repetitive ('aaaaaaaa', 'abababab'), sequential ('12345678', 'abcdefgh', 'qwertyui') or made
 * mostly of context words: the user's e-mail and names, the tenant's name, and the product's name. The same
 * rule runs wherever a password is set and, live, in the form as the user types.
 */
export interface PasswordContext {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  tenantName?: string | null;
}

export const PASSWORD_REPETITIVE = 'This password only repeats a few characters. Please choose another one';
export const PASSWORD_SEQUENTIAL =
  'This password is a simple sequence (like 12345678, abcdefgh or qwertyui). Please choose another one';
export const PASSWORD_PERSONAL =
  'This password is made of your name, e-mail, company or "caseport". Please choose another one';

const PRODUCT_WORDS = ['caseport'];
const KEYBOARD_ROWS = ['1234567890', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm', 'qwertzuiop', 'azertyuiop'];

/** The whole password is one short unit repeated ('aaaa…', 'abab…', 'abcabc…'), or it uses at most 2 characters. */
const isRepetitive = (pw: string): boolean => {
  if (new Set(pw).size <= 2) return true;
  for (let unit = 1; unit <= 4 && unit <= pw.length / 2; unit++) {
    if (
      pw ===
      pw
        .slice(0, unit)
        .repeat(Math.ceil(pw.length / unit))
        .slice(0, pw.length)
    )
      return true;
  }
  return false;
};

/** Each character one step up or down from the last ('1234…', 'hgfe…'), or a run along a keyboard row. */
const isSequential = (pw: string): boolean => {
  const codes = [...pw].map((c) => c.codePointAt(0) as number);
  const step = (codes[1] ?? 0) - (codes[0] ?? 0);
  if ((step === 1 || step === -1) && codes.every((c, i) => i === 0 || c - (codes[i - 1] as number) === step))
    return true;
  return KEYBOARD_ROWS.some((row) => row.includes(pw) || [...row].reverse().join('').includes(pw));
};

/** The words a password must not be made of: those of 4 letters or more in the context, and the product's. */
const contextWords = (ctx: PasswordContext): string[] => {
  const email = (ctx.email ?? '').toLowerCase();
  const local = email.split('@')[0] ?? '';
  const words = [
    email,
    local,
    ...[local, ctx.firstName, ctx.lastName, ctx.tenantName].flatMap((v) =>
      (v ?? '').toLowerCase().split(/[^\p{L}\p{N}]+/u),
    ),
    ...PRODUCT_WORDS,
  ];
  return [...new Set(words.filter((w) => w.length >= 4))];
};

/** Half or more of the password (letters and digits) is covered by context words. */
const isPersonal = (pw: string, ctx: PasswordContext): boolean => {
  const covered = new Array<boolean>(pw.length).fill(false);
  for (const word of contextWords(ctx)) {
    for (let at = pw.indexOf(word); at !== -1; at = pw.indexOf(word, at + 1)) covered.fill(true, at, at + word.length);
  }
  const significant = [...pw].filter((c) => /[\p{L}\p{N}]/u.test(c)).length || pw.length;
  return covered.filter(Boolean).length * 2 >= significant;
};

/** Why this password may not be used, or null. Case is ignored, as attackers' guesses ignore it. */
export const passwordProblem = (password: string, ctx: PasswordContext = {}): string | null => {
  const pw = password.toLowerCase();
  if (!pw) return null;
  if (isRepetitive(pw)) return PASSWORD_REPETITIVE;
  if (isSequential(pw)) return PASSWORD_SEQUENTIAL;
  if (isPersonal(pw, ctx)) return PASSWORD_PERSONAL;
  return null;
};
