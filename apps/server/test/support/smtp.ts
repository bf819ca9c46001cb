import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message as a real SMTP server received it: the envelope's recipients and the parsed headers and text. */
export interface ReceivedMail {
  envelopeTo: string[];
  from: string;
  subject: string;
  text: string;
}

/**
 * A real SMTP server on a free local port for a test (issue 35: the reminder e-mails go through nodemailer and the
 * wire, not a mock mailer). Plain SMTP without AUTH or STARTTLS, as a relay inside a private network takes it.
 */
export const startSmtp = async () => {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            envelopeTo: session.envelope.rcptTo.map((r) => r.address),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
