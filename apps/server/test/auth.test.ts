import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signMobileSignupToken } from '../src/auth/session';
import { ApiClient, startTestServer, testDialect, type TestServer } from './harness';
import { CapturingSms } from './sms-fixtures';

const generousLimits = {
  otpPerMobile: 3,
  otpPerIp: 1000,
  loginPerEmail: 5,
  loginPerIp: 1000,
  verifyOtpPerIp: 1000,
};
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const wrongCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

describe(`customer accounts (${testDialect})`, () => {
  let server: TestServer;
  const sms = new CapturingSms();

  beforeAll(async () => {
    server = await startTestServer({ sms, config: { authRateLimits: generousLimits } });
  });
  afterAll(() => server.close());

  const client = () => new ApiClient(server.baseUrl);

  async function register(email: string, password = 'correct-horse', name = 'Asha Verma') {
    return client().post('/customer/customer-register', { name, email, password });
  }

  describe('email registration and login', () => {
    it('registers, answers token and message, stores an argon2 hash and sets an httpOnly Lax cookie', async () => {
      const res = await register('Asha@Example.com');
      expect(res.status).toBe(201);
      expect(res.body.message).toBe('Registration successful');
      const claims = jwt.decode(res.body.token) as Record<string, unknown>;
      expect(claims).toMatchObject({
        name: 'Asha Verma',
        email: 'asha@example.com',
        ver: 0,
        aud: 'bazaar-customer',
      });
      // Signed with a key derived for customer sessions, not with the secret itself.
      expect(() => jwt.verify(res.body.token, server.config.jwtSecret)).toThrow(/invalid signature/);
      expect((claims.exp as number) - (claims.iat as number)).toBe(7 * 24 * 60 * 60);

      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('customerToken='))!;
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).not.toMatch(/Secure/i);

      const row = await server.database.db
        .selectFrom('customers')
        .selectAll()
        .where('email', '=', 'asha@example.com')
        .executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(row.method).toBe('email');
    });

    it('refuses a second account with the same email in any letter case (409)', async () => {
      const res = await register('  ASHA@example.COM ');
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: 'Email already registered', code: 'EMAIL_TAKEN' });
    });

    it('rejects short passwords, bad emails and missing names with a 400 naming the problem', async () => {
      expect((await register('short@example.com', 'seven77')).body.error).toMatch(/at least 8 characters/);
      expect((await register('not-an-email')).status).toBe(400);
      const noName = await client().post('/customer/customer-register', {
        email: 'n@example.com',
        password: 'long-enough',
      });
      expect(noName.status).toBe(400);
      expect(noName.body.error).toMatch(/Name is required/);
    });

    it('logs in with the right password, case-insensitively on the email', async () => {
      const res = await client().post('/customer/customer-login', {
        email: 'ASHA@example.com',
        password: 'correct-horse',
      });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Login successful');
      expect(jwt.decode(res.body.token)).toMatchObject({ email: 'asha@example.com' });
    });

    it('gives the same answer for a wrong password and an unknown email', async () => {
      const wrong = await client().post('/customer/customer-login', {
        email: 'asha@example.com',
        password: 'wrong-horse',
      });
      const unknown = await client().post('/customer/customer-login', {
        email: 'nobody@example.com',
        password: 'whatever1',
      });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.body).toEqual({ error: 'Invalid email or password', code: 'INVALID_CREDENTIALS' });
      expect(unknown.body).toEqual(wrong.body);
    });
  });

  describe('signed-in account changes', () => {
    it('updates the profile of the token holder only and returns a token with the new details', async () => {
      const { body } = await register('ravi@example.com', 'password-1', 'Ravi');
      const api = client();
      const res = await api.request(
        'POST',
        '/customer/update-user-profile',
        { name: 'Ravi Kumar', email: 'Ravi.K@example.com', userId: 1 },
        bearer(body.token),
      );
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Profile updated successfully');
      expect(jwt.decode(res.body.token)).toMatchObject({ name: 'Ravi Kumar', email: 'ravi.k@example.com' });
      const asha = await server.database.db
        .selectFrom('customers')
        .select('name')
        .where('email', '=', 'asha@example.com')
        .executeTakeFirstOrThrow();
      expect(asha.name).toBe('Asha Verma');
    });

    it("refuses a profile email that belongs to someone else (409) and requires 'Name and Email'", async () => {
      const { body } = await client().post('/customer/customer-login', {
        email: 'ravi.k@example.com',
        password: 'password-1',
      });
      const taken = await client().request(
        'POST',
        '/customer/update-user-profile',
        { name: 'Ravi', email: 'asha@example.com' },
        bearer(body.token),
      );
      expect(taken.status).toBe(409);
      const blank = await client().request(
        'POST',
        '/customer/update-user-profile',
        { name: ' ', email: '' },
        bearer(body.token),
      );
      expect(blank.body).toEqual({ error: 'Name and Email are required', code: 'VALIDATION_FAILED' });
    });

    it('requires a session for profile updates and password changes', async () => {
      expect(
        (await client().post('/customer/update-user-profile', { name: 'X', email: 'x@example.com' })).status,
      ).toBe(401);
      expect(
        (await client().post('/customer/change-password', { old_password: 'a', new_password: 'bbbbbbbb' }))
          .status,
      ).toBe(401);
    });

    it('logout clears the cookie and revokes the token it was called with', async () => {
      const api = client();
      const { body } = await api.post('/customer/customer-login', {
        email: 'asha@example.com',
        password: 'correct-horse',
      });
      const before = await client().request(
        'POST',
        '/customer/update-user-profile',
        { name: 'Asha Verma', email: 'asha@example.com' },
        bearer(body.token),
      );
      expect(before.status).toBe(200);

      const res = await api.get('/customer/logout');
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Logout successful');
      expect(res.headers.getSetCookie().join()).toMatch(/customerToken=;/);

      const after = await client().request(
        'POST',
        '/customer/update-user-profile',
        { name: 'Mallory', email: 'asha@example.com' },
        bearer(body.token),
      );
      expect(after.status).toBe(401);
      expect(
        (await api.post('/customer/update-user-profile', { name: 'Mallory', email: 'asha@example.com' }))
          .status,
      ).toBe(401);
    });

    it('GET logout ends only the session it is called with; other devices stay signed in', async () => {
      const phone = client();
      const laptop = client();
      for (const device of [phone, laptop])
        await device.post('/customer/customer-login', {
          email: 'asha@example.com',
          password: 'correct-horse',
        });
      const { body: tablet } = await client().post('/customer/customer-login', {
        email: 'asha@example.com',
        password: 'correct-horse',
      });
      // A page that merely links to the logout URL signs the phone out, and nothing else.
      expect((await phone.get('/customer/logout')).status).toBe(200);
      expect((await phone.get('/home/customer/get_all_address')).status).toBe(401);
      expect((await laptop.get('/home/customer/get_all_address')).status).toBe(200);
      expect(
        (await client().request('GET', '/home/customer/get_all_address', undefined, bearer(tablet.token)))
          .status,
      ).toBe(200);
    });

    it('signs out of all devices with a POST that passes the CSRF check', async () => {
      const phone = client();
      const laptop = client();
      for (const device of [phone, laptop])
        await device.post('/customer/customer-login', {
          email: 'asha@example.com',
          password: 'correct-horse',
        });
      const crossSite = await laptop.request(
        'POST',
        '/customer/logout-all',
        {},
        { origin: 'https://evil.example' },
      );
      expect(crossSite.status).toBe(403);
      expect((await phone.get('/home/customer/get_all_address')).status).toBe(200);

      const everywhere = await laptop.post('/customer/logout-all');
      expect(everywhere.status).toBe(200);
      expect(everywhere.body).toEqual({ message: 'Signed out of all devices' });
      expect((await laptop.get('/home/customer/get_all_address')).status).toBe(401);
      expect((await phone.get('/home/customer/get_all_address')).status).toBe(401);
      expect((await client().post('/customer/logout-all')).status).toBe(401);
    });

    it('changes the password: wrong old one is a 400, then only the new one logs in and old tokens die', async () => {
      const { body: session } = await register('meera@example.com', 'first-password', 'Meera');
      const wrong = await client().request(
        'POST',
        '/customer/change-password',
        { old_password: 'not-it-at-all', new_password: 'second-password' },
        bearer(session.token),
      );
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({ error: 'Old password is incorrect', code: 'INVALID_CREDENTIALS' });
      const tooShort = await client().request(
        'POST',
        '/customer/change-password',
        { old_password: 'first-password', new_password: 'short' },
        bearer(session.token),
      );
      expect(tooShort.status).toBe(400);

      const changed = await client().request(
        'POST',
        '/customer/change-password',
        { old_password: 'first-password', new_password: 'second-password' },
        bearer(session.token),
      );
      expect(changed.status).toBe(200);
      expect(changed.body.message).toBe('Password changed successfully');
      expect(jwt.decode(changed.body.token)).toMatchObject({ ver: 1 });

      const stale = await client().request(
        'POST',
        '/customer/update-user-profile',
        { name: 'Meera', email: 'meera@example.com' },
        bearer(session.token),
      );
      expect(stale.status).toBe(401);
      const fresh = await client().request(
        'POST',
        '/customer/update-user-profile',
        { name: 'Meera', email: 'meera@example.com' },
        bearer(changed.body.token),
      );
      expect(fresh.status).toBe(200);

      expect(
        (
          await client().post('/customer/customer-login', {
            email: 'meera@example.com',
            password: 'first-password',
          })
        ).status,
      ).toBe(401);
      expect(
        (
          await client().post('/customer/customer-login', {
            email: 'meera@example.com',
            password: 'second-password',
          })
        ).status,
      ).toBe(200);
    });
  });

  describe('change-password guesses', () => {
    it('locks old-password checks for the account after 5 wrong ones, from any session or address', async () => {
      const { body } = await register('guess.target@example.com', 'the-real-password', 'Guess Target');
      const other = await client().post('/customer/customer-login', {
        email: 'guess.target@example.com',
        password: 'the-real-password',
      });
      const tokens = [body.token, other.body.token];
      for (let i = 0; i < 4; i++) {
        const wrong = await client().request(
          'POST',
          '/customer/change-password',
          { old_password: `guess-number-${i}`, new_password: 'new-password-1' },
          bearer(tokens[i % 2]),
        );
        expect(wrong.body).toEqual({ error: 'Old password is incorrect', code: 'INVALID_CREDENTIALS' });
      }
      const fifth = await client().request(
        'POST',
        '/customer/change-password',
        { old_password: 'guess-number-5', new_password: 'new-password-1' },
        bearer(tokens[1]),
      );
      expect(fifth.status).toBe(429);
      const right = await client().request(
        'POST',
        '/customer/change-password',
        { old_password: 'the-real-password', new_password: 'new-password-1' },
        bearer(tokens[0]),
      );
      expect(right.status).toBe(429);
      expect(right.body.error).toBe('Too many attempts. Please try again in 15 minutes.');
    });
  });

  describe('tokens', () => {
    let customerId: number;
    beforeAll(async () => {
      const row = await server.database.db
        .selectFrom('customers')
        .select('id')
        .where('email', '=', 'meera@example.com')
        .executeTakeFirstOrThrow();
      customerId = row.id;
    });
    const profileWith = (token: string) =>
      client().request(
        'POST',
        '/customer/update-user-profile',
        { name: 'Meera', email: 'meera@example.com' },
        bearer(token),
      );

    it('refuses a token signed with another secret', async () => {
      const forged = jwt.sign(
        { id: customerId, name: 'Meera', email: 'meera@example.com', ver: 1 },
        'not-the-server-secret',
      );
      expect((await profileWith(forged)).status).toBe(401);
    });

    it('refuses an expired token', async () => {
      const expired = jwt.sign(
        {
          id: customerId,
          name: 'Meera',
          email: 'meera@example.com',
          ver: 1,
          exp: Math.floor(Date.now() / 1000) - 60,
        },
        server.config.jwtSecret,
      );
      expect((await profileWith(expired)).status).toBe(401);
    });

    it('refuses garbage, unsigned tokens and a mobile signup proof used as a session', async () => {
      expect((await profileWith('not.a.token')).status).toBe(401);
      const unsigned = jwt.sign({ id: customerId, ver: 1 }, '', { algorithm: 'none' });
      expect((await profileWith(unsigned)).status).toBe(401);
      expect((await profileWith(signMobileSignupToken(server.config.jwtSecret, '9876500000'))).status).toBe(
        401,
      );
    });

    it('a genuine current token is accepted (so the refusals above are about the token)', async () => {
      const { body } = await client().post('/customer/customer-login', {
        email: 'meera@example.com',
        password: 'second-password',
      });
      expect((await profileWith(body.token)).status).toBe(200);
    });
  });

  describe('mobile OTP login', () => {
    const newMobile = '9876543210';

    it('rejects a mobile that is not a 10-digit Indian number and an OTP that is not 4 digits', async () => {
      for (const mobile of ['12345', '5876543210', '98765432101', 'abcdefghij']) {
        const res = await client().post('/customer/send-otp', { mobile });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          error: 'Please enter a valid 10-digit mobile number',
          code: 'VALIDATION_FAILED',
        });
      }
      const res = await client().post('/customer/verify-otp', { mobile: newMobile, otp: '12' });
      expect(res.body).toEqual({ error: 'Please enter the 4-digit OTP', code: 'VALIDATION_FAILED' });
    });

    it('new user: send, verify (signup proof, no session), complete profile → session', async () => {
      const api = client();
      const sent = await api.post('/customer/send-otp', { mobile: newMobile });
      expect(sent.status).toBe(200);
      expect(sent.body).toMatchObject({ success: true, expiresIn: 300 });
      const code = sms.lastCode(newMobile);
      expect(code).toMatch(/^\d{4}$/);

      const stored = await server.database.db
        .selectFrom('otps')
        .selectAll()
        .where('mobile', '=', newMobile)
        .executeTakeFirstOrThrow();
      expect(stored.code_hash).not.toContain(code);
      expect(stored.code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(Date.parse(stored.expires_at) - Date.parse(stored.created_at)).toBe(5 * 60_000);

      const verified = await api.post('/customer/verify-otp', { mobile: newMobile, otp: code });
      expect(verified.status).toBe(200);
      expect(verified.body).toMatchObject({ success: true, isNewUser: true, token: null });
      expect(typeof verified.body.signupToken).toBe('string');
      expect(verified.headers.getSetCookie().some((c) => c.startsWith('customerToken='))).toBe(false);

      // The proof works from the cookie alone, and only for the mobile it was issued for.
      const otherMobile = await api.post('/customer/complete-profile', {
        phonenumber: '9876543219',
        name: 'Kiran',
        email: 'kiran@example.com',
      });
      expect(otherMobile.status).toBe(400);
      const taken = await api.post('/customer/complete-profile', {
        phonenumber: newMobile,
        name: 'Kiran',
        email: 'ASHA@example.com',
      });
      expect(taken.status).toBe(409);
      const blank = await api.post('/customer/complete-profile', {
        phonenumber: newMobile,
        name: '',
        email: '',
      });
      expect(blank.body).toEqual({ error: 'Name and Email are required', code: 'VALIDATION_FAILED' });

      const done = await api.post('/customer/complete-profile', {
        phonenumber: newMobile,
        name: 'Kiran',
        email: 'Kiran@Example.com',
      });
      expect(done.status).toBe(201);
      expect(jwt.decode(done.body.token)).toMatchObject({ name: 'Kiran', email: 'kiran@example.com' });
      expect(
        (await api.post('/customer/update-user-profile', { name: 'Kiran', email: 'kiran@example.com' }))
          .status,
      ).toBe(200);

      const row = await server.database.db
        .selectFrom('customers')
        .selectAll()
        .where('phone', '=', newMobile)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ method: 'mobile', email: 'kiran@example.com', password_hash: null });
    });

    it('complete-profile without a valid signup proof is a 401', async () => {
      const none = await client().post('/customer/complete-profile', {
        phonenumber: '9876543211',
        name: 'Eve',
        email: 'eve@example.com',
      });
      expect(none.status).toBe(401);
      const forged = jwt.sign({ mobile: '9876543211' }, server.config.jwtSecret);
      const withSessionKey = await client().post('/customer/complete-profile', {
        phonenumber: '9876543211',
        name: 'Eve',
        email: 'eve@example.com',
        signupToken: forged,
      });
      expect(withSessionKey.status).toBe(401);
    });

    it('existing user: verify returns a session token straight away', async () => {
      await client().post('/customer/send-otp', { mobile: newMobile });
      const res = await client().post('/customer/verify-otp', {
        mobile: newMobile,
        otp: sms.lastCode(newMobile),
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, isNewUser: false, message: 'Login successful' });
      expect(jwt.decode(res.body.token)).toMatchObject({ name: 'Kiran' });
      expect(res.headers.getSetCookie().some((c) => c.startsWith('customerToken='))).toBe(true);
    });

    it('an OTP works only once', async () => {
      const mobile = '9000000001';
      await client().post('/customer/send-otp', { mobile });
      const code = sms.lastCode(mobile);
      expect((await client().post('/customer/verify-otp', { mobile, otp: code })).status).toBe(200);
      const again = await client().post('/customer/verify-otp', { mobile, otp: code });
      expect(again.status).toBe(400);
      expect(again.body.error).toMatch(/already been used/);
    });

    it('an OTP stops working after 5 minutes', async () => {
      const mobile = '9000000002';
      await client().post('/customer/send-otp', { mobile });
      await server.database.db
        .updateTable('otps')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('mobile', '=', mobile)
        .execute();
      const res = await client().post('/customer/verify-otp', { mobile, otp: sms.lastCode(mobile) });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'OTP has expired, request a new OTP', code: 'OTP_EXPIRED' });
    });

    it('wrong guesses count per mobile across new OTPs: the fifth in a day locks OTP sign-in, even the right code', async () => {
      const mobile = '9000000003';
      await client().post('/customer/send-otp', { mobile });
      const first = sms.lastCode(mobile);
      for (let attempt = 1; attempt <= 3; attempt++) {
        const res = await client().post('/customer/verify-otp', { mobile, otp: wrongCode(first) });
        expect(res.status).toBe(400);
        expect(res.body.error).toMatch(new RegExp(`Incorrect OTP. ${5 - attempt} attempts? left`));
      }
      // A new code does not buy new guesses.
      await client().post('/customer/send-otp', { mobile });
      const second = sms.lastCode(mobile);
      expect((await client().post('/customer/verify-otp', { mobile, otp: wrongCode(second) })).status).toBe(
        400,
      );
      const fifth = await client().post('/customer/verify-otp', { mobile, otp: wrongCode(second) });
      expect(fifth.status).toBe(429);
      expect(fifth.body.error).toMatch(
        /^Too many wrong OTPs for this number\. For your security, OTP sign-in is locked for 24 hours; you can still sign in with your email and password\.$/,
      );
      const right = await client().post('/customer/verify-otp', { mobile, otp: second });
      expect(right.status).toBe(429);
      expect(right.body.error).toMatch(/locked for 2[34] hours/);
      // No new code is texted to a locked mobile: it could not be used.
      const textsBefore = sms.sent.length;
      const resend = await client().post('/customer/send-otp', { mobile });
      expect(resend.status).toBe(429);
      expect(resend.body.error).toMatch(/^Too many wrong OTPs for this number/);
      expect(sms.sent).toHaveLength(textsBefore);

      // Another mobile is unaffected.
      const other = '9000000013';
      await client().post('/customer/send-otp', { mobile: other });
      expect(
        (await client().post('/customer/verify-otp', { mobile: other, otp: sms.lastCode(other) })).status,
      ).toBe(200);
    });

    it('five wrong guesses kill one OTP, even for the right code', async () => {
      const mobile = '9000000023';
      await client().post('/customer/send-otp', { mobile });
      const code = sms.lastCode(mobile);
      // Four wrong guesses, then the code dies on its own limit only once the mobile's daily budget allows it.
      for (let attempt = 1; attempt <= 4; attempt++) {
        const res = await client().post('/customer/verify-otp', { mobile, otp: wrongCode(code) });
        expect(res.body.error).toMatch(new RegExp(`Incorrect OTP. ${5 - attempt} attempts? left`));
      }
      const fifth = await client().post('/customer/verify-otp', { mobile, otp: wrongCode(code) });
      expect(fifth.status).toBe(429);
      expect((await client().post('/customer/verify-otp', { mobile, otp: code })).status).toBe(429);
    });

    it('a newer OTP replaces the older one', async () => {
      const mobile = '9000000004';
      await client().post('/customer/send-otp', { mobile });
      const first = sms.lastCode(mobile);
      await client().post('/customer/send-otp', { mobile });
      const second = sms.lastCode(mobile);
      if (first !== second)
        expect((await client().post('/customer/verify-otp', { mobile, otp: first })).status).toBe(400);
      expect((await client().post('/customer/verify-otp', { mobile, otp: second })).status).toBe(200);
    });

    it('verifying before any OTP was sent is a clear 400', async () => {
      const res = await client().post('/customer/verify-otp', { mobile: '9000000099', otp: '1234' });
      expect(res.body).toEqual({ error: 'Please request an OTP first', code: 'OTP_NOT_REQUESTED' });
    });
  });

  describe('rate limits', () => {
    it('allows 3 OTP sends per mobile per 10 minutes, then answers 429', async () => {
      const mobile = '9111111111';
      for (let i = 0; i < 3; i++)
        expect((await client().post('/customer/send-otp', { mobile })).status).toBe(200);
      const limited = await client().post('/customer/send-otp', { mobile: ` ${mobile} ` });
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({
        error: 'Too many attempts. Please try again in 10 minutes.',
        code: 'RATE_LIMITED',
      });
      expect(sms.sent.filter((s) => s.mobile === mobile)).toHaveLength(3);
      // Another mobile from the same address is unaffected.
      expect((await client().post('/customer/send-otp', { mobile: '9111111112' })).status).toBe(200);
    });

    it('allows 5 failed logins per email from one address per 15 minutes, then even the right password from there is refused', async () => {
      await register('target@example.com', 'right-password');
      for (let i = 0; i < 5; i++) {
        const email = i % 2 ? 'TARGET@example.com' : 'target@example.com';
        expect(
          (await client().post('/customer/customer-login', { email, password: 'wrong-password' })).status,
        ).toBe(401);
      }
      const limited = await client().post('/customer/customer-login', {
        email: 'target@example.com',
        password: 'right-password',
      });
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({
        error: 'Too many attempts. Please try again in 15 minutes.',
        code: 'RATE_LIMITED',
      });
      expect(
        (
          await client().post('/customer/customer-login', {
            email: 'meera@example.com',
            password: 'second-password',
          })
        ).status,
      ).toBe(200);
    });
  });
});

describe(`per-IP rate limits (${testDialect})`, () => {
  let server: TestServer;
  const sms = new CapturingSms();
  beforeAll(async () => {
    server = await startTestServer({
      sms,
      config: {
        authRateLimits: {
          otpPerMobile: 100,
          otpPerIp: 2,
          loginPerEmail: 100,
          loginPerIp: 2,
          verifyOtpPerIp: 2,
        },
      },
    });
  });
  afterAll(() => server.close());

  it('limits OTP sends from one address across different mobiles', async () => {
    const api = new ApiClient(server.baseUrl);
    expect((await api.post('/customer/send-otp', { mobile: '9222222221' })).status).toBe(200);
    expect((await api.post('/customer/send-otp', { mobile: '9222222222' })).status).toBe(200);
    const limited = await api.post('/customer/send-otp', { mobile: '9222222223' });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    expect(sms.sent).toHaveLength(2);
  });

  it('limits login attempts from one address across different emails', async () => {
    const api = new ApiClient(server.baseUrl);
    for (const email of ['a@example.com', 'b@example.com']) {
      expect((await api.post('/customer/customer-login', { email, password: 'whatever-1' })).status).toBe(
        401,
      );
    }
    const limited = await api.post('/customer/customer-login', {
      email: 'c@example.com',
      password: 'whatever-1',
    });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatch(/Too many attempts/);
  });

  it('limits OTP guesses from one address', async () => {
    const api = new ApiClient(server.baseUrl);
    for (let i = 0; i < 2; i++)
      expect((await api.post('/customer/verify-otp', { mobile: '9222222221', otp: '0000' })).status).not.toBe(
        429,
      );
    expect((await api.post('/customer/verify-otp', { mobile: '9222222221', otp: '0000' })).status).toBe(429);
  });
});

describe(`password lockout cannot be used against the owner (${testDialect})`, () => {
  let server: TestServer;
  const failuresPerAddress = 3;
  beforeAll(async () => {
    // Clients are told apart by X-Forwarded-For, as behind the production proxy.
    const previous = process.env.TRUST_PROXY;
    process.env.TRUST_PROXY = '1';
    try {
      server = await startTestServer({
        config: {
          authRateLimits: {
            otpPerMobile: 100,
            otpPerIp: 1000,
            loginPerEmail: failuresPerAddress,
            loginPerIp: 1000,
            verifyOtpPerIp: 1000,
          },
        },
        prepare: async (database) => {
          const { seedChatPeople } = await import('./chatFixtures');
          await seedChatPeople(database);
        },
      });
    } finally {
      if (previous === undefined) delete process.env.TRUST_PROXY;
      else process.env.TRUST_PROXY = previous;
    }
  });
  afterAll(() => server.close());

  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const attackerAddresses = ['203.0.113.7', '198.51.100.23'];

  /** Wrong passwords from several addresses, each until it is refused: what used to lock the account. */
  async function attack(path: string, email: string) {
    const api = new ApiClient(server.baseUrl);
    for (const ip of attackerAddresses) {
      for (let i = 0; i < failuresPerAddress; i++) {
        const res = await api.request('POST', path, { email, password: `wrong-guess-${i}` }, from(ip));
        expect(res.status, `${ip} attempt ${i + 1}`).toBe(401);
      }
      const blocked = await api.request('POST', path, { email, password: 'wrong-guess-x' }, from(ip));
      expect(blocked.status).toBe(429);
    }
  }

  it('customers: the owner signs in from a new address after attackers used up theirs', async () => {
    const email = 'lockout.owner@example.in';
    await new ApiClient(server.baseUrl).post('/customer/customer-register', {
      name: 'Lockout Owner',
      email,
      password: 'owner-password-1',
    });
    await attack('/customer/customer-login', email);
    const owner = await new ApiClient(server.baseUrl).request(
      'POST',
      '/customer/customer-login',
      { email, password: 'owner-password-1' },
      from('100.64.1.1'),
    );
    expect(owner.status).toBe(200);
    // The attackers stay blocked, even with the right password.
    const attacker = await new ApiClient(server.baseUrl).request(
      'POST',
      '/customer/customer-login',
      { email, password: 'owner-password-1' },
      from(attackerAddresses[0]),
    );
    expect(attacker.status).toBe(429);
  });

  it('counts the address the proxy saw: forged leftmost X-Forwarded-For entries neither dodge nor aim the limit', async () => {
    const email = 'forged.hops@example.in';
    const password = 'owner-password-2';
    await new ApiClient(server.baseUrl).post('/customer/customer-register', {
      name: 'Hop Owner',
      email,
      password,
    });
    // The proxy appends the address it saw; whatever comes before it is what the client sent.
    const forged = (leftmost: string) => ({ 'x-forwarded-for': `${leftmost}, 203.0.113.99` });
    const api = new ApiClient(server.baseUrl);
    const login = (body: object, headers: Record<string, string>) =>
      api.request('POST', '/customer/customer-login', body, headers);
    for (let i = 1; i <= failuresPerAddress; i++) {
      const res = await login({ email, password: `wrong-guess-${i}` }, forged(`192.0.2.${i}`));
      expect(res.status, `attempt ${i}`).toBe(401);
    }
    expect((await login({ email, password: 'wrong-guess-x' }, forged('192.0.2.50'))).status).toBe(429);
    // The addresses the attacker named are not blocked: the owner signing in from one of them gets in.
    expect((await login({ email, password }, from('192.0.2.1'))).status).toBe(200);
  });

  it('sellers: the owner signs in from a new address after attackers used up theirs', async () => {
    const { SELLER_PASSWORD } = await import('./chatFixtures');
    const email = 'asha-handlooms@sellers.bazaar.in';
    await attack('/seller/login', email);
    const owner = await new ApiClient(server.baseUrl).request(
      'POST',
      '/seller/login',
      { email, password: SELLER_PASSWORD },
      from('100.64.1.2'),
    );
    expect(owner.status).toBe(200);
  });

  it('operators: the owner signs in from a new address after attackers used up theirs', async () => {
    const { createOperator } = await import('../src/ops/service');
    const email = 'lockout.ops@bazaar.example';
    await createOperator(server.database.db, { email, name: 'Ops Owner', password: 'operator-password-1' });
    await attack('/ops/login', email);
    const owner = await new ApiClient(server.baseUrl).request(
      'POST',
      '/ops/login',
      { email, password: 'operator-password-1' },
      from('100.64.1.3'),
    );
    expect(owner.status).toBe(200);
  });
});
