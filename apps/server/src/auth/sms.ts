import type { FastifyBaseLogger } from 'fastify';

/** Sends a text message to an Indian mobile number (10 digits, no country code). */
export interface SmsProvider {
  send(mobile: string, text: string): Promise<void>;
}

/**
 * The provider used when no SMS gateway is configured: it writes each text to the server log,
 * on one line in a stable format (`sms mobile=9876543210 text="…"`), so a developer or the browser tests can read the code.
 */
export class LogSmsProvider implements SmsProvider {
  constructor(private readonly log: FastifyBaseLogger) {}

  async send(mobile: string, text: string): Promise<void> {
    this.log.info(`sms mobile=${mobile} text="${text}"`);
  }
}

/** The OTP text; it starts with a fixed phrase so a log reader can pick the code out reliably. */
export function otpSmsText(code: string, validMinutes: number): string {
  return `Your Bazaar OTP is ${code}. It is valid for ${validMinutes} minutes. Do not share it with anyone.`;
}

/** Reads the code back out of an OTP text (used by tests that capture or log SMS). */
export const OTP_TEXT_PATTERN = /Your Bazaar OTP is (\d{4})\./;
