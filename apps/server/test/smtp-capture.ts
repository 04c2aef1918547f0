import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import { simpleParser } from 'mailparser';

/** One e-mail as a real SMTP server received it: the envelope's recipients and the parsed message. */
export interface CapturedMail {
  /** RCPT TO addresses, lower-cased. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  receivedAt: number;
}

export interface SmtpCapture {
  /** smtp://127.0.0.1:port, for SMTP_URL. */
  url: string;
  mails: CapturedMail[];
  /** Times of every DATA the server was sent, refused ones included. */
  attempts: number[];
  /** Refuses the next `count` messages with a temporary error (451), as a busy server does. */
  refuseNext(count: number): void;
  /** The mails to `address` so far. */
  mailsTo(address: string): CapturedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on a random local port for the tests (smtp-server), parsing what arrives with mailparser.
 * `saveTo`: each received message is also written there as an .eml file, for readers in other processes (the
 * browser journeys read what the e-2-e server sent).
 */
export async function startSmtpCapture(options: { saveTo?: string } = {}): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const attempts: number[] = [];
  let refusals = 0;
  if (options.saveTo) mkdirSync(options.saveTo, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream: SMTPServerDataStream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        attempts.push(Date.now());
        if (refusals > 0) {
          refusals -= 1;
          return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
        }
        const raw = Buffer.concat(chunks);
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
        if (options.saveTo)
          writeFileSync(path.join(options.saveTo, `${Date.now()}-${mails.length}.eml`), raw);
        simpleParser(raw)
          .then((parsed) => {
            mails.push({
              to,
              from: parsed.from?.text ?? '',
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              receivedAt: Date.now(),
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    attempts,
    refuseNext(count) {
      refusals = count;
    },
    mailsTo: (recipient) => mails.filter((mail) => mail.to.includes(recipient.toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
