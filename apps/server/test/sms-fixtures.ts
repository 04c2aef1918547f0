import { OTP_TEXT_PATTERN, type SmsProvider } from '../src/auth/sms';

/** The test-only hook: OTP texts land here instead of the log. */
export class CapturingSms implements SmsProvider {
  readonly sent: { mobile: string; text: string }[] = [];
  async send(mobile: string, text: string) {
    this.sent.push({ mobile, text });
  }
  lastCode(mobile: string): string {
    const last = this.sent.filter((sms) => sms.mobile === mobile).at(-1);
    const code = last?.text.match(OTP_TEXT_PATTERN)?.[1];
    if (!code) throw new Error(`no OTP was sent to ${mobile}`);
    return code;
  }
}
