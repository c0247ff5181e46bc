import { z } from 'zod';
import { AVATAR_COUNT } from '../constants.ts';
import { CURRENCIES } from '../enums.ts';
import { moneyString } from '../money.ts';
import { body, defineCall, emptyBody, emptyReply, langField } from './define.ts';
import { twoFactorCode } from './security.ts';

/** SPEC section 5: letters and digits only. The length bounds are ours. */
export const accountName = z
  .string()
  .min(4, 'at least 4 characters')
  .max(20, 'at most 20 characters')
  .regex(/^[A-Za-z0-9]+$/, 'letters and digits only');

/** SPEC section 5: at least one letter and one digit. */
export const password = z
  .string()
  .min(6, 'at least 6 characters')
  .max(32, 'at most 32 characters')
  .regex(/[A-Za-z]/, 'needs a letter')
  .regex(/\d/, 'needs a digit');

export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
export const email = z.string().max(254).regex(EMAIL_PATTERN, 'not a valid email');
/** Either an account name or an email: the calls that find a player by "account" accept both. */
export const accountOrEmail = z.string().min(1).max(254);
export const verificationCode = z.string().regex(/^\d{6}$/, 'six digits');
export const avatarId = z
  .string()
  .regex(/^\d{2}$/, 'two digits')
  .refine((v) => Number(v) >= 1 && Number(v) <= AVATAR_COUNT, `01 to ${AVATAR_COUNT}`);

const currencyPair = z.object({ usdt: moneyString, trx: moneyString });

/**
 * A player's balances (ECONOMY.md "Bonus money and wagering"): `usdt` and `trx` are what the player
 * owns and may stake (cash + bonus); `cash` may also be withdrawn, exchanged and transferred; `bonus`
 * becomes cash once its wagering is met (experience gold never does).
 */
export const balances = z
  .object({
    usdt: moneyString.describe('Cash + bonus'),
    trx: moneyString.describe('Cash + bonus'),
    cash: currencyPair.describe('Withdrawable, exchangeable, transferable'),
    bonus: currencyPair.describe('Bonus money still to be wagered (or experience gold)'),
  })
  .describe('Our design: balances, cash and bonus apart');

/** The player as `/v1/player/load` returns it (SPEC section 3, plus what the profile screens need). */
export const player = z.object({
  id: z.number().int(),
  account: z.string().nullable(),
  email: z.string().nullable(),
  nickname: z.string(),
  avatar: z.string(),
  balances,
  ip: z.string().nullable().describe('Address of the last login as the client reported it'),
  accountType: z.number().int().describe('Special-invite type: 0 not special, 1 special, 2 was special'),
  experienceType: z.number().int().describe('0 none, 1 experience account, 2 was experience'),
  userType: z.number().int().describe('0 normal, 1 business (merchant)'),
  vipLevel: z.number().int(),
  hasRecharged: z.boolean().describe('False until the first deposit: only hash games may be played'),
  hasFundPassword: z.boolean(),
  createdAt: z.string().describe('ISO 8601'),
});
export type Player = z.infer<typeof player>;

export const session = z.object({
  token: z.string().describe('Send as the Authorization header'),
  expiresAt: z.string().describe('ISO 8601'),
  player,
});

const codeSent = z.object({
  expiresIn: z.number().int().describe('Seconds until the code expires'),
  resendIn: z.number().int().describe('Seconds until another code may be requested'),
});

export const registerRequest = z.discriminatedUnion('kind', [
  body({
    kind: z.literal(1),
    account: accountName,
    password,
    inviteCode: z.string().max(32).optional(),
    lang: langField,
  }),
  body({
    kind: z.literal(2),
    email,
    code: verificationCode.describe('From /v1/player/captcha'),
    password,
    inviteCode: z.string().max(32).optional(),
    lang: langField,
  }),
]);

export const loginRequest = z.discriminatedUnion('kind', [
  body({ kind: z.literal(1), account: z.string().min(1).max(64), password: z.string().min(1).max(128), twoFactorCode: twoFactorCode.optional() }),
  body({ kind: z.literal(2), email: z.string().min(1).max(254), password: z.string().min(1).max(128), twoFactorCode: twoFactorCode.optional() }),
]);

export const notice = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  publishedAt: z.string(),
});

export const playerCalls = {
  captcha: defineCall({
    path: '/v1/player/captcha',
    auth: 'public',
    summary: 'Send a registration code to an email address (register kind 2)',
    request: body({ account: email.describe('The email to register'), lang: langField }),
    response: codeSent,
  }),
  captchaChangePassword: defineCall({
    path: '/v1/player/captchachpwd',
    auth: 'public',
    summary: 'Send a password-reset code to the email linked to an account (account name or email)',
    request: body({ account: accountOrEmail, lang: langField }),
    response: codeSent.extend({ maskedEmail: z.string().describe('e.g. j***@example.com') }),
  }),
  changePassword: defineCall({
    path: '/v1/player/changepwd',
    auth: 'public',
    summary: 'Reset a forgotten password with the code from captchachpwd; ends every session',
    request: body({ account: accountOrEmail, code: verificationCode, password }),
    response: emptyReply,
  }),
  register: defineCall({
    path: '/v1/player/register',
    auth: 'public',
    summary: 'Create a player (kind 1 account, kind 2 email) and sign in',
    request: registerRequest,
    response: session,
  }),
  login: defineCall({
    path: '/v1/player/login',
    auth: 'public',
    summary: 'Sign in (kind 1 account, kind 2 email); a newer login replaces the older session',
    request: loginRequest,
    response: session,
  }),
  checkAccount: defineCall({
    path: '/v1/player/checkAccount',
    auth: 'public',
    summary: 'Whether an account name (or email) is already taken',
    request: body({ account: accountOrEmail }),
    response: z.object({ account: z.string(), exists: z.boolean() }),
  }),
  heartbeat: defineCall({
    path: '/v1/player/heartbeat',
    auth: 'player',
    summary: 'Keep-alive every 30 s; carries a bulletin notice the session has not shown yet',
    request: emptyBody,
    response: z.object({ notice: notice.nullable(), serverTime: z.string() }),
  }),
  resetPassword: defineCall({
    path: '/v1/player/resetpwd',
    auth: 'player',
    summary: 'Change the login password, knowing the current one',
    request: body({ oldPassword: z.string().min(1).max(128), newPassword: password, twoFactorCode: twoFactorCode.optional() }),
    response: emptyReply,
  }),
  logout: defineCall({
    path: '/v1/player/logout',
    auth: 'player',
    summary: 'End this session',
    request: emptyBody,
    response: emptyReply,
  }),
  load: defineCall({
    path: '/v1/player/load',
    auth: 'player',
    summary: 'The signed-in player',
    request: emptyBody,
    response: player,
  }),
  updateProfile: defineCall({
    path: '/v1/player/updateprofile',
    auth: 'player',
    summary:
      'Change nickname or avatar, or bind or change the email: the code /v1/player/email/captcha sent to the new address and the login password (10027 when wrong); changing a bound email also needs the code sent to the bound address',
    request: body({
      nickname: z.string().trim().min(1).max(24).optional(),
      avatar: avatarId.optional(),
      email: email.optional(),
      code: verificationCode.optional().describe('The code sent to `email`'),
      password: z.string().min(1).max(128).optional().describe('Our design: the login password, required with `email`'),
      oldCode: verificationCode
        .optional()
        .describe('Our design: the code sent to the bound address (email/captcha with bound: true), required to change a bound email'),
      twoFactorCode: twoFactorCode.optional().describe('With `email`, while two-factor is on'),
    })
      .refine((b) => (b.email === undefined) === (b.code === undefined), {
        message: 'email and code go together',
        path: ['code'],
      })
      .refine((b) => b.email === undefined || b.password !== undefined, {
        message: 'binding or changing the email needs the login password',
        path: ['password'],
      })
      .refine((b) => b.oldCode === undefined || b.email !== undefined, { message: 'oldCode goes with email', path: ['oldCode'] }),
    response: player,
  }),
  emailCaptcha: defineCall({
    path: '/v1/player/email/captcha',
    auth: 'player',
    summary: 'Send a code to an email the player wants to bind, or (bound: true) to the bound email before changing it',
    request: body({
      account: email.optional().describe('The email to bind; absent with bound: true'),
      bound: z.literal(true).optional().describe('Our design: send the code to the email already bound, the first step of changing it'),
      lang: langField,
    }).refine((b) => (b.account === undefined) !== (b.bound === undefined), { message: 'send account or bound: true', path: ['account'] }),
    response: codeSent,
  }),
} as const;

export const balanceEntry = z.object({ currency: z.enum(CURRENCIES), balance: moneyString });
