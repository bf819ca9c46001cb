import type { Db } from '@caseport/db/client';
import type { Clock } from './clock';
import type { FileStorage } from './file-storage';
import type { Mailer } from './mail';
import type { PaymentProvider, SandboxProvider } from './payments';
import type { SecretBox } from './secret-box';

/** What every feature plugin receives. */
export interface AppDeps {
  db: Db;
  clock: Clock;
  storage: FileStorage;
  /** null without SMTP_URL: mail waits in the outbox for the admin to copy its link. */
  mailer: Mailer | null;
  /** D-26: the payment processor billing charges through. */
  payments: PaymentProvider;
  /** The in-process sandbox processor when it is the provider (its tokenization route), else null. */
  sandbox: SandboxProvider | null;
  /** Encrypts the TOTP secrets (platform/secret-box.ts). */
  secrets: SecretBox;
  /** PUBLIC_URL: the origin of invitation and reset links; null: the request's own. */
  publicUrl: string | null;
}
