import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Secrets the server must read back (TOTP secrets, SECURITY 12) are stored encrypted with AES-256-GCM under a
 * key that is not in the database: MFA_SECRET_KEY (32 bytes, base64), else a key file written once beside the
 * data directory (mode 0600). A copied database alone does not give the secrets away.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

export const secretBox = (key: Buffer): SecretBox => {
  if (key.length !== 32) throw new Error('The secret key must be 32 bytes');
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        'v1',
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        data.toString('base64url'),
      ].join('.');
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || !data) throw new Error('Unreadable sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
};

/** The key: given (MFA_SECRET_KEY), or read from / created at `keyFile`. */
export const loadSecretKey = (given: string | null, keyFile: string): Buffer => {
  if (given) return Buffer.from(given, 'base64');
  if (existsSync(keyFile)) return Buffer.from(readFileSync(keyFile, 'utf8').trim(), 'base64');
  const key = randomBytes(32);
  mkdirSync(dirname(keyFile), { recursive: true });
  try {
    writeFileSync(keyFile, key.toString('base64'), { mode: 0o600, flag: 'wx' });
    return key;
  } catch (e) {
    // Another process wrote it first: theirs is the key.
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    return Buffer.from(readFileSync(keyFile, 'utf8').trim(), 'base64');
  }
};
