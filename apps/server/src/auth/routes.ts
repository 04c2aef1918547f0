import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  authTokenResponseSchema,
  changePasswordSchema,
  completeProfileSchema,
  loginSchema,
  messageResponseSchema,
  registerSchema,
  sendOtpResponseSchema,
  sendOtpSchema,
  updateProfileSchema,
  verifyOtpResponseSchema,
  verifyOtpSchema,
  type AuthTokenResponse,
  type SendOtpResponse,
  type VerifyOtpResponse,
} from '@bazaar/shared';
import { HttpError } from '../http/errors';
import { declared, failures, signedIn } from '../http/routeSchema';
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
  refuseBlocked,
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

  const routes = declared(api);
  const tags = ['Customer account'];
  const loginIpLimit = { rateLimit: perIpLimit(limits.loginPerIp, LOGIN_WINDOW_MINUTES) };
  const signedInCustomer = { tags, security: signedIn.customer };

  routes.post(
    '/customer/customer-register',
    {
      config: loginIpLimit,
      schema: {
        tags,
        body: registerSchema,
        response: { 201: authTokenResponseSchema, ...failures(400, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const customer = await registerCustomer(ctx, request.body);
      reply.status(201);
      return replyWithSession(request, reply, customer, 'Registration successful');
    },
  );

  routes.post(
    '/customer/customer-login',
    {
      config: loginIpLimit,
      schema: {
        tags,
        body: loginSchema,
        response: { 200: authTokenResponseSchema, ...failures(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const input = request.body;
      const customer = await withSignInThrottle(
        ctx,
        request,
        { scope: 'customer-login', subject: input.email },
        () => authenticate(ctx, input),
      );
      return replyWithSession(request, reply, customer, 'Login successful');
    },
  );

  routes.post(
    '/customer/update-user-profile',
    {
      schema: {
        ...signedInCustomer,
        body: updateProfileSchema,
        response: { 200: authTokenResponseSchema, ...failures(400, 401, 409) },
      },
    },
    async (request, reply) => {
      const { id } = requireCustomer(request);
      const customer = await updateProfile(ctx, id, request.body);
      return replyWithSession(request, reply, customer, 'Profile updated successfully');
    },
  );

  /** Every other session of the account ends (the caller gets a fresh token); wrong old passwords are limited. */
  routes.post(
    '/customer/change-password',
    {
      config: loginIpLimit,
      schema: {
        ...signedInCustomer,
        body: changePasswordSchema,
        response: { 200: authTokenResponseSchema, ...failures(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const { id } = requireCustomer(request);
      const input = request.body;
      const customer = await withFailureLimit(
        ctx,
        request,
        { scope: 'customer-password', subject: String(id) },
        PASSWORD_CHECK_WINDOW,
        tooManyAttempts,
        () => changePassword(ctx, id, input),
      );
      return replyWithSession(request, reply, customer, 'Password changed successfully');
    },
  );

  /**
   * Ends only the session it is called with (a link to it cannot sign anyone out elsewhere). Works without a
   * session too: the cookie is cleared either way.
   */
  routes.get(
    '/customer/logout',
    { schema: { tags, response: { 200: messageResponseSchema } } },
    async (request, reply) => {
      await endSession(ctx, request, reply, 'customer');
      return { message: 'Logout successful' };
    },
  );

  /** Signs the customer out on every device; a POST, so it passes the CSRF check. */
  routes.post(
    '/customer/logout-all',
    { schema: { ...signedInCustomer, response: { 200: messageResponseSchema, ...failures(401) } } },
    async (request, reply) => {
      const { id } = requireCustomer(request);
      await endAllSessions(ctx, 'customer', id);
      clearSessionCookie(reply, 'customer');
      return { message: 'Signed out of all devices' };
    },
  );

  routes.post(
    '/customer/send-otp',
    {
      config: { rateLimit: perIpLimit(limits.otpPerIp, OTP_WINDOW_MINUTES) },
      schema: { tags, body: sendOtpSchema, response: { 200: sendOtpResponseSchema, ...failures(400, 429) } },
      preHandler: perBodyKeyLimit(api, {
        name: 'otp-mobile',
        max: limits.otpPerMobile,
        windowMinutes: OTP_WINDOW_MINUTES,
        key: normalisedField('mobile'),
      }),
    },
    async (request): Promise<SendOtpResponse> => {
      const { mobile } = request.body;
      // A locked mobile could not use the code, so none is texted.
      const locked = await lockedFor(ctx, { scope: 'otp', subject: mobile }, OTP_GUESS_WINDOW);
      if (locked !== null) throw otpLocked(locked);
      await sendOtp(ctx, mobile);
      return { success: true, message: 'OTP sent to your mobile number', expiresIn: OTP_VALID_MINUTES * 60 };
    },
  );

  routes.post(
    '/customer/verify-otp',
    {
      config: { rateLimit: perIpLimit(limits.verifyOtpPerIp, OTP_WINDOW_MINUTES) },
      schema: {
        tags,
        body: verifyOtpSchema,
        response: { 200: verifyOtpResponseSchema, ...failures(400, 401, 403, 429) },
      },
    },
    async (request, reply): Promise<VerifyOtpResponse> => {
      const { mobile, otp } = request.body;
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
        refuseBlocked(customer);
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

  routes.post(
    '/customer/complete-profile',
    {
      config: { rateLimit: perIpLimit(limits.verifyOtpPerIp, OTP_WINDOW_MINUTES) },
      schema: {
        tags,
        body: completeProfileSchema,
        response: { 201: authTokenResponseSchema, ...failures(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const input = request.body;
      const proof = input.signupToken ?? request.cookies[SIGNUP_COOKIE];
      const verifiedMobile = proof ? verifyMobileSignupToken(ctx.config.jwtSecret, proof) : null;
      if (!verifiedMobile)
        throw new HttpError(
          401,
          'Your OTP verification has expired, please verify your mobile again',
          'SIGNUP_EXPIRED',
        );
      const customer = await completeMobileProfile(ctx, verifiedMobile, input);
      clearSignupCookie(reply);
      reply.status(201);
      return replyWithSession(request, reply, customer, 'Welcome to Bazaar! Your profile is complete');
    },
  );
}
