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
import { OTP_VALID_MINUTES, sendOtp, verifyOtp } from './otp';
import {
  emailLoginLimits,
  LOGIN_WINDOW_MINUTES,
  normalisedField,
  perBodyKeyLimit,
  perIpLimit,
} from './rateLimits';
import type { CustomerRow } from './repository';
import {
  changePassword,
  completeMobileProfile,
  findCustomerByMobile,
  logoutCustomer,
  registerCustomer,
  authenticate,
  updateProfile,
} from './service';
import {
  clearSessionCookie,
  clearSignupCookie,
  requireCustomer,
  setSignupCookie,
  signMobileSignupToken,
  SIGNUP_COOKIE,
  startSession,
  verifyMobileSignupToken,
} from './session';

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
    return { token: startSession(ctx, request, reply, customer), message };
  }

  const loginIpLimit = { rateLimit: perIpLimit(limits.loginPerIp, LOGIN_WINDOW_MINUTES) };

  api.post('/customer/customer-register', { config: loginIpLimit }, async (request, reply) => {
    const customer = await registerCustomer(ctx, parse(registerSchema, request.body));
    reply.status(201);
    return replyWithSession(request, reply, customer, 'Registration successful');
  });

  api.post('/customer/customer-login', emailLoginLimits(api, 'login-email'), async (request, reply) => {
    const customer = await authenticate(ctx, parse(loginSchema, request.body));
    return replyWithSession(request, reply, customer, 'Login successful');
  });

  api.post('/customer/update-user-profile', async (request, reply) => {
    const { id } = requireCustomer(request);
    const customer = await updateProfile(ctx, id, parse(updateProfileSchema, request.body));
    return replyWithSession(request, reply, customer, 'Profile updated successfully');
  });

  api.post('/customer/change-password', { config: loginIpLimit }, async (request, reply) => {
    const { id } = requireCustomer(request);
    const customer = await changePassword(ctx, id, parse(changePasswordSchema, request.body));
    return replyWithSession(request, reply, customer, 'Password changed successfully');
  });

  /** Works without a session too: the cookie is cleared either way, and a live session is revoked everywhere. */
  api.get('/customer/logout', async (request, reply) => {
    if (request.customer) await logoutCustomer(ctx, request.customer.id);
    clearSessionCookie(reply);
    return { message: 'Logout successful' };
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
      await sendOtp(ctx, mobile);
      return { success: true, message: 'OTP sent to your mobile number', expiresIn: OTP_VALID_MINUTES * 60 };
    },
  );

  api.post(
    '/customer/verify-otp',
    { config: { rateLimit: perIpLimit(limits.verifyOtpPerIp, OTP_WINDOW_MINUTES) } },
    async (request, reply): Promise<VerifyOtpResponse> => {
      const { mobile, otp } = parse(verifyOtpSchema, request.body);
      await verifyOtp(ctx, mobile, otp);
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
