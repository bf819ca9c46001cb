import { describe, expect, it } from 'vitest';
import { PASSWORD_PERSONAL, PASSWORD_REPETITIVE, PASSWORD_SEQUENTIAL, passwordProblem } from './password-policy';

const laura = {
  email: 'laura.lawson@lawfirm.test',
  firstName: 'Laura',
  lastName: 'Lawson',
  tenantName: 'Demo Law Firm',
};

describe('password policy (SECURITY 7, NIST SP 800-63B-4)', () => {
  it('SECURITY 7: repetitive passwords are refused', () => {
    for (const pw of [
      'aaaaaaaa',
      'AAAAAAAAAAAA',
      'abababab',
      'abcabcabc',
      '11112222',
      'zzzzzzzzzzzzzzzzzzzz',
      'xyzwxyzw',
    ])
      expect(passwordProblem(pw), pw).toBe(PASSWORD_REPETITIVE);
  });

  it('SECURITY 7: sequential passwords are refused: up, down and along a keyboard row', () => {
    for (const pw of [
      '12345678',
      '87654321',
      'abcdefgh',
      'HGFEDCBA',
      'qwertyui',
      'asdfghjkl',
      '0987654321',
      'mnbvcxz'.padEnd(7),
    ])
      expect(passwordProblem(pw), pw).toBe(PASSWORD_SEQUENTIAL);
  });

  it("SECURITY 7: a password made mostly of the user's e-mail or names, the tenant's name or 'caseport' is refused", () => {
    for (const pw of [
      'caseport2026',
      'Caseport!',
      'laura.lawson',
      'LauraLawson1',
      'lawson2026!',
      'demolawfirm',
      'laura.lawson@lawfirm.test',
    ])
      expect(passwordProblem(pw, laura), pw).toBe(PASSWORD_PERSONAL);
  });

  it('SECURITY 7: ordinary passphrases and strong passwords pass, including ones that merely contain a short context word', () => {
    for (const pw of [
      'correct horse battery staple',
      'A long new pass phrase 2026',
      'Democracy needs 3 votes',
      'Laura likes green tea at 5',
      'x7#Kq2!mZp',
    ])
      expect(passwordProblem(pw, laura), pw).toBeNull();
    expect(passwordProblem('')).toBeNull();
  });
});
