import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  changePasswordSchema,
  completeProfileSchema,
  loginSchema,
  registerSchema,
  sendOtpSchema,
  updateProfileSchema,
  verifyOtpSchema,
  type AuthTokenResponse,
  type SendOtpResponse,
  type VerifyOtpResponse,
} from '@bazaar/shared';
import { parse } from '../http/validate';
import { HttpError } from '../http/errors';
import { OTP_VALID_MINUTES, otpLocked, sendOtp, verifyOtp } from './otp';
import {
  LOGIN_WINDOW_MINUTES,
  normalisedField,
  perBodyKeyLimit,
  perIpLimit,
  tooManyAttempts,
} from './rateLimits';
import type { CustomerRow } from './repository';
import {
  changePassword,
  completeMobileProfile,
  findCustomerByMobile,
  registerCustomer,
  authenticate,
  updateProfile,
} from './service';
import {
  clearSessionCookie,
  clearSignupCookie,
  endAllSessions,
  endSession,
  requireCustomer,
  setSignupCookie,
  signMobileSignupToken,
  SIGNUP_COOKIE,
  startCustomerSession,
  verifyMobileSignupToken,
} from './session';
import {
  lockedFor,
  OTP_GUESS_WINDOW,
  PASSWORD_CHECK_WINDOW,
  withFailureLimit,
  withSignInThrottle,
} from './throttle';

const OTP_WINDOW_MINUTES = 10;

export async function authRoutes(api: FastifyInstance): Promise<void> {
  const { ctx } = api;
  const limits = ctx.config.authRateLimits;

  function replyWithSession(
    request: FastifyRequest,
    reply: FastifyReply,
    customer: CustomerRow,
    message: string,
  ): AuthTokenResponse {
    return { token: startCustomerSession(ctx, request, reply, customer), message };
  }

  const loginIpLimit = { rateLimit: perIpLimit(limits.loginPerIp, LOGIN_WINDOW_MINUTES) };

  api.post('/customer/customer-register', { config: loginIpLimit }, async (request, reply) => {
    const customer = await registerCustomer(ctx, parse(registerSchema, request.body));
    reply.status(201);
    return replyWithSession(request, reply, customer, 'Registration successful');
  });

  api.post('/customer/customer-login', { config: loginIpLimit }, async (request, reply) => {
    const input = parse(loginSchema, request.body);
    const customer = await withSignInThrottle(
      ctx,
      request,
      { scope: 'customer-login', subject: input.email },
      () => authenticate(ctx, input),
    );
    return replyWithSession(request, reply, customer, 'Login successful');
  });

  api.post('/customer/update-user-profile', async (request, reply) => {
    const { id } = requireCustomer(request);
    const customer = await updateProfile(ctx, id, parse(updateProfileSchema, request.body));
    return replyWithSession(request, reply, customer, 'Profile updated successfully');
  });

  /** Every other session of the account ends (the caller gets a fresh token); wrong old passwords are limited. */
  api.post('/customer/change-password', { config: loginIpLimit }, async (request, reply) => {
    const { id } = requireCustomer(request);
    const input = parse(changePasswordSchema, request.body);
    const customer = await withFailureLimit(
      ctx,
      request,
      { scope: 'customer-password', subject: String(id) },
      PASSWORD_CHECK_WINDOW,
      tooManyAttempts,
      () => changePassword(ctx, id, input),
    );
    return replyWithSession(request, reply, customer, 'Password changed successfully');
  });

  /**
   * Ends only the session it is called with (a link to it cannot sign anyone out elsewhere). Works without a
   * session too: the cookie is cleared either way.
   */
  api.get('/customer/logout', async (request, reply) => {
    await endSession(ctx, request, reply, 'customer');
    return { message: 'Logout successful' };
  });

  /** Signs the customer out on every device; a POST, so it passes the CSRF check. */
  api.post('/customer/logout-all', async (request, reply) => {
    const { id } = requireCustomer(request);
    await endAllSessions(ctx, 'customer', id);
    clearSessionCookie(reply, 'customer');
    return { message: 'Signed out of all devices' };
  });

  api.post(
    '/customer/send-otp',
    {
      config: { rateLimit: perIpLimit(limits.otpPerIp, OTP_WINDOW_MINUTES) },
      preHandler: perBodyKeyLimit(api, {
        name: 'otp-mobile',
        max: limits.otpPerMobile,
        windowMinutes: OTP_WINDOW_MINUTES,
        key: normalisedField('mobile'),
      }),
    },
    async (request): Promise<SendOtpResponse> => {
      const { mobile } = parse(sendOtpSchema, request.body);
      // A locked mobile could not use the code, so none is texted.
      const locked = await lockedFor(ctx, { scope: 'otp', subject: mobile }, OTP_GUESS_WINDOW);
      if (locked !== null) throw otpLocked(locked);
      await sendOtp(ctx, mobile);
      return { success: true, message: 'OTP sent to your mobile number', expiresIn: OTP_VALID_MINUTES * 60 };
    },
  );

  api.post(
    '/customer/verify-otp',
    { config: { rateLimit: perIpLimit(limits.verifyOtpPerIp, OTP_WINDOW_MINUTES) } },
    async (request, reply): Promise<VerifyOtpResponse> => {
      const { mobile, otp } = parse(verifyOtpSchema, request.body);
      await withFailureLimit(
        ctx,
        request,
        { scope: 'otp', subject: mobile },
        OTP_GUESS_WINDOW,
        otpLocked,
        () => verifyOtp(ctx, mobile, otp),
      );
      const customer = await findCustomerByMobile(ctx, mobile);
      if (customer) {
        return {
          success: true,
          isNewUser: false,
          ...replyWithSession(request, reply, customer, 'Login successful'),
        };
      }
      // No account yet: hand out proof of the verified mobile, not a session, until the profile is complete.
      const signupToken = signMobileSignupToken(ctx.config.jwtSecret, mobile);
      setSignupCookie(ctx, request, reply, signupToken);
      return {
        success: true,
        isNewUser: true,
        token: null,
        signupToken,
        message: 'OTP verified, please complete your profile',
      };
    },
  );

  api.post(
    '/customer/complete-profile',
    { config: { rateLimit: perIpLimit(limits.verifyOtpPerIp, OTP_WINDOW_MINUTES) } },
    async (request, reply) => {
      const input = parse(completeProfileSchema, request.body);
      const proof = input.signupToken ?? request.cookies[SIGNUP_COOKIE];
      const verifiedMobile = proof ? verifyMobileSignupToken(ctx.config.jwtSecret, proof) : null;
      if (!verifiedMobile)
        throw new HttpError(401, 'Your OTP verification has expired, please verify your mobile again');
      const customer = await completeMobileProfile(ctx, verifiedMobile, input);
      clearSignupCookie(reply);
      reply.status(201);
      return replyWithSession(request, reply, customer, 'Welcome to Bazaar! Your profile is complete');
    },
  );
}
