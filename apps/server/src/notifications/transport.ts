import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';

export interface OutgoingEmail {
  to: string[];
  subject: string;
  html: string;
  text: string;
  /** Names the .eml file in development (the outbox row and its kind). */
  reference: string;
}

/** Sends e-mail: over SMTP when SMTP_URL is set, else into .eml files a developer opens (DATA_DIR/outbox). */
export interface Mailer {
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

/** Seconds an SMTP server may take before a send counts as failed (and is retried later). */
const SMTP_TIMEOUT_MS = 20_000;

export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  const { smtpUrl, mailFrom } = config.notifications;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(
      {
        url: smtpUrl,
        connectionTimeout: SMTP_TIMEOUT_MS,
        greetingTimeout: SMTP_TIMEOUT_MS,
        socketTimeout: SMTP_TIMEOUT_MS,
      },
      { from: mailFrom },
    );
    return {
      async send({ to, subject, html, text }) {
        await transport.sendMail({ to, subject, html, text });
      },
      close: () => transport.close(),
    };
  }
  const folder = path.join(config.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send({ to, subject, html, text, reference }) {
      const { message } = await transport.sendMail({ from: mailFrom, to, subject, html, text });
      await mkdir(folder, { recursive: true });
      const file = path.join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${reference}.eml`);
      await writeFile(file, message as Buffer);
      log.info({ path: file, to, subject }, `e-mail written to ${file}`);
    },
    close: () => transport.close(),
  };
}
