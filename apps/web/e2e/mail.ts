import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, inject } from 'vitest';
import { simpleParser } from 'mailparser';

/** The e-mails and texts the journeys' server sent: mail from the test SMTP server, SMS from the server's log. */

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export async function receivedMails(): Promise<ReceivedMail[]> {
  const folder = inject('mailDir');
  const files = await readdir(folder).catch(() => [] as string[]);
  return Promise.all(
    files
      .filter((file) => file.endsWith('.eml'))
      .map(async (file) => {
        const parsed = await simpleParser(await readFile(path.join(folder, file)));
        const to = Array.isArray(parsed.to)
          ? parsed.to.map((a) => a.text).join(', ')
          : (parsed.to?.text ?? '');
        return {
          to: to.toLowerCase(),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: typeof parsed.html === 'string' ? parsed.html : '',
        };
      }),
  );
}

/** Waits until the SMTP server has received a mail to `to` whose subject matches, and answers it. */
export async function mailArrived(to: string, subject: string | RegExp): Promise<ReceivedMail> {
  const matches = (mail: ReceivedMail) =>
    mail.to.includes(to.toLowerCase()) &&
    (typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject));
  let found: ReceivedMail | undefined;
  await expect
    .poll(async () => (found = (await receivedMails()).find(matches)) !== undefined, {
      message: `a mail to ${to} about ${subject}`,
      timeout: 20_000,
    })
    .toBe(true);
  return found!;
}

/** Waits until the server's log shows a text to `mobile` containing `words` (the log SMS provider's line). */
export async function smsLogged(mobile: string, words: string): Promise<string> {
  let line: string | undefined;
  await expect
    .poll(
      async () => {
        const log = await readFile(inject('serverLog'), 'utf8');
        line = log
          .split('\n')
          .find((entry) => entry.includes(`sms mobile=${mobile}`) && entry.includes(words));
        return line !== undefined;
      },
      { message: `an SMS to ${mobile} with "${words}"`, timeout: 20_000 },
    )
    .toBe(true);
  return line!;
}
