import { z } from 'zod';
import { user } from '../entities/user';
import { isCommonPassword } from './common-passwords';

/** Identity limits (DESIGN section 5, identity issue part 3 to 5). Documented in docs/identity.md. */
export const AUTH_LIMITS = {
  passwordMin: 8,
  passwordMax: 128,
  otpLength: 6,
  otpTtlMinutes: 10,
  otpMaxAttempts: 5,
  /** At most this many codes per address per window, and not more often than every resendSeconds. */
  otpSendsPerWindow: 5,
  otpSendWindowMinutes: 60,
  otpResendSeconds: 30,
  lockAfterFailures: 5,
  lockWindowMinutes: 15,
  /** First lock lasts this long; each further lock doubles it, up to lockMaxMinutes. */
  lockBaseMinutes: 1,
  lockMaxMinutes: 60,
  /** Sign-in attempts per client address per minute, across accounts. */
  signInPerAddressPerMinute: 30,
  sessionIdleHours: 24,
  sessionAbsoluteDays: 14,
  accessTokenMinutes: 15,
} as const;

export const AUTH_COOKIE = 'nexus_sid';

/** Our own identity messages (the spec does not name them); never tell whether an account exists. */
export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid username or password.',
  accountLocked: 'Too many failed sign-ins. Try again in a few minutes.',
  accountDisabled: 'This account is disabled. Ask your platform administrator to enable it again.',
  tooManyRequests: 'Too many requests. Please wait and try again.',
  signupAccepted: 'Check your mail for a six-digit code to confirm your address.',
  otpInvalid: 'The code is wrong or has expired. Ask for a new one.',
  otpSent: 'If the address can receive mail, a code is on its way.',
  otpTooSoon: 'Please wait before asking for another code.',
  passwordTooShort: `Use at least 8 characters.`,
  passwordTooLong: `Use at most 128 characters.`,
  passwordCommon: 'This password is too common. Choose another.',
  passwordWrong: 'The current password is not correct.',
  passwordChanged: 'Your password has been changed.',
  termsRequired: 'You must accept the terms and conditions.',
  parentRequired: 'An applicant under 18 must give a parent or guardian.',
  originRefused: 'Cross-origin request refused.',
  redirectRefused: 'This redirect_uri is not allowed.',
  busy: 'The server is busy. Please try again in a moment.',
  emailChangeSent: 'We sent a six-digit code to the new address. Enter it to confirm the change.',
  emailChangeSame: 'This is already your email address.',
  emailChanged: 'Your email address has been changed.',
} as const;

export const passwordSchema = z
  .string()
  .min(AUTH_LIMITS.passwordMin, AUTH_MESSAGES.passwordTooShort)
  .max(AUTH_LIMITS.passwordMax, AUTH_MESSAGES.passwordTooLong)
  .refine((value) => !isCommonPassword(value), AUTH_MESSAGES.passwordCommon);

const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email('Enter a valid email address.'))
  .pipe(z.string().max(254));
const name = z.string().trim().min(1, 'Required.').max(100);
const phone = z
  .string()
  .trim()
  .regex(/^\+?[0-9 ()-]{6,20}$/, 'Enter a phone number such as +44 20 7946 0958.');
export const usernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9._-]{2,39}$/, 'Use 3 to 40 letters, digits, dots, dashes or underscores.');

/** Spec section 3: the sign-up payload. Minors give a parent (identity issue part 2). */
export const signupPayload = z
  .object({
    firstName: name,
    lastName: name,
    username: usernameSchema,
    email,
    password: passwordSchema,
    phone_number: phone.optional().or(z.literal('').transform(() => undefined)),
    tnc_accepted: z.boolean(),
    is_underage: z.boolean().default(false),
    parent_email: email.optional().or(z.literal('').transform(() => undefined)),
    parent_phone_number: phone.optional().or(z.literal('').transform(() => undefined)),
    parent_name: name.optional().or(z.literal('').transform(() => undefined)),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (!value.tnc_accepted) {
      ctx.addIssue({ code: 'custom', path: ['tnc_accepted'], message: AUTH_MESSAGES.termsRequired });
    }
    if (value.is_underage) {
      for (const key of ['parent_name', 'parent_email', 'parent_phone_number'] as const) {
        if (!value[key]) ctx.addIssue({ code: 'custom', path: [key], message: AUTH_MESSAGES.parentRequired });
      }
      if (value.parent_email && value.parent_email === value.email) {
        ctx.addIssue({ code: 'custom', path: ['parent_email'], message: "Use the parent's own address." });
      }
    }
  });
export type SignupPayload = z.input<typeof signupPayload>;

/** Spec section 7: POST signin {username, password}; username may be the email. */
export const signinBody = z
  .object({
    username: z.string().trim().toLowerCase().min(1).max(254),
    password: z.string().min(1).max(1024),
  })
  .strict();

export const OTP_TYPES = ['signup', 'verify', 'reset'] as const;
/** Spec section 7: POST generateOtp {email, firstName, parent_email, is_underage, type}. */
export const generateOtpBody = z
  .object({
    email,
    firstName: z.string().trim().max(100).optional(),
    parent_email: email.optional().or(z.literal('').transform(() => undefined)),
    is_underage: z.boolean().optional(),
    type: z.enum(OTP_TYPES).default('verify'),
  })
  .strict();

const otpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the six digits from the mail.');
/** Spec section 7: POST verifyOtp {email, otp}. */
export const verifyOtpBody = z.object({ email, otp: otpCode }).strict();

/**
 * POST /api/auth/requestEmailChange {email}: a code goes to the new address; nothing changes yet
 * (issue 14 item 2).
 */
export const requestEmailChangeBody = z.object({ email }).strict();
export type RequestEmailChangeBody = z.input<typeof requestEmailChangeBody>;

/** POST /api/auth/confirmEmailChange {email, otp}: the new address and the code mailed to it. */
export const confirmEmailChangeBody = z.object({ email, otp: otpCode }).strict();
export type ConfirmEmailChangeBody = z.input<typeof confirmEmailChangeBody>;

/** requestEmailChange's answer: the code went to `sent_to`, the new address masked. */
export const emailChangeRequested = z.object({ message: z.string(), sent_to: z.string() });
export type EmailChangeRequested = z.infer<typeof emailChangeRequested>;

/**
 * Spec section 7: POST updatePassword {email, old_password, new_password}. Forgot-password sends the
 * mailed `otp` instead of the old password.
 */
export const updatePasswordBody = z
  .object({
    email,
    old_password: z.string().min(1).max(1024).optional(),
    otp: otpCode.optional(),
    new_password: passwordSchema,
  })
  .strict()
  .refine((v) => (v.old_password === undefined) !== (v.otp === undefined), {
    message: 'Send either old_password or otp.',
    path: ['old_password'],
  });

/** Spec section 7 (Session and sign-in): GET /auth/profile. */
export const authProfile = z.object({
  user_id: z.number().int(),
  sub: z.string(),
  email: z.string(),
  preferred_username: z.string(),
  given_name: z.string().nullable(),
  family_name: z.string().nullable(),
  email_verified: z.boolean(),
});
export type AuthProfile = z.infer<typeof authProfile>;

/** What signin and refreshToken return: the user and a short-lived bearer token for non-browser clients. */
export const signinResult = z.object({
  user: user,
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  /** The session token itself, for clients that keep no cookie; send it to refreshToken. */
  refresh_token: z.string(),
});
export type SigninResult = z.infer<typeof signinResult>;

export const refreshTokenBody = z.object({ refresh_token: z.string().min(10).max(200).optional() }).strict();

export const AUTH_ACTIONS = ['register', 'update-profile', 'update-password'] as const;
export type AuthAction = (typeof AUTH_ACTIONS)[number];

/** GET /auth/redirect (DESIGN section 5). */
export const authRedirectQuery = z.object({
  redirect_uri: z.string().min(1).max(2000),
  action: z.enum(AUTH_ACTIONS).optional(),
  silent: z.enum(['1']).optional(),
  /** Opened by window.open: report to the opener instead of navigating. */
  display: z.enum(['popup', 'page']).optional(),
  state: z.string().max(200).optional(),
});

/** Answers of the auth calls (spec section 7), each under `data`. */
export const authMessage = z.object({ message: z.string() });
export const signupAccepted = z.object({ message: z.string(), email: z.string(), sent_to: z.string() });
export const verifyOtpResult = signinResult.extend({ verified: z.literal(true) });
export const accessTokenResult = signinResult.pick({
  access_token: true,
  token_type: true,
  expires_in: true,
});
export const signedOutResult = z.object({ signedOut: z.literal(true) });
export const otherSessionsEnded = z.object({ ended: z.number().int() });
export const accountDeleted = z.object({ deleted: z.literal(true) });
export const sessionExtended = z.object({ idle_expires_at: z.string() });
export const emailChangeSent = z.object({ message: z.string(), sent_to: z.string() });
export const emailChanged = z.object({
  message: z.string(),
  email: z.string(),
  email_verified: z.literal(true),
});
/** confirmEmailChange's answer: the address now in use, verified by the code. */
export type EmailChanged = z.infer<typeof emailChanged>;
/** GET /auth/profile: flat like an OpenID Connect userinfo answer, and under `data` like every call. */
export const authProfileAnswer = authProfile.extend({ data: authProfile });
