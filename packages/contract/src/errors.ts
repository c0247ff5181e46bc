/**
 * The error catalogue of SPEC section 8: every code the API can answer, each declared once.
 * Messages in all eight languages live in `error-messages.ts`.
 */
export const ErrorCode = {
  SUCCESS: 0,
  FAILURE: 1,
  HTTP: 2,
  DATABASE: 3,
  INPUT: 4,
  CONFIG_NOT_FOUND: 10,
  OAUTH: 11,
  INVALID_PARAMETERS: 12,
  EXCEPTION: 13,
  NO_REWARD: 14,
  NO_PLAYER_DATA: 15,

  IP_LIMIT: 10001,
  ACCOUNT_MISSING: 10002,
  ACCOUNT_EXISTS: 10003,
  PLAYER_MISSING: 10004,
  LOGIN_RESTRICTED: 10005,
  OAUTH_FAILURE: 10006,
  WRONG_PASSWORD: 10007,
  TOKEN_EXPIRED: 10008,
  TOKEN_MISMATCH: 10009,
  TOO_MANY_REGISTRATIONS: 10010,
  SMS_CODE_WRONG: 10011,
  EMAIL_CODE_WRONG: 10012,
  EMAIL_MISSING: 10013,
  EMAIL_FORMAT_INVALID: 10014,
  NO_EMAIL_LINKED: 10015,
  EMAIL_ALREADY_LINKED: 10016,
  PROFILE_UPDATED: 10017,
  PASSWORD_CHANGE_FAILED: 10018,
  NEW_PASSWORD_SAME_AS_OLD: 10019,
  CREATE_FAILED: 10020,
  UPDATE_FAILED: 10021,
  SAVE_FAILED: 10022,
  VERIFICATION_CODE_EXPIRED: 10023,
  VERIFICATION_CODE_WRONG: 10024,
  CASHOUT_ADDRESS_EXISTS: 10025,
  TOO_MANY_CASHOUT_ADDRESSES: 10026,
  LOGIN_PASSWORD_WRONG: 10027,
  ORIGINAL_FUND_PASSWORD_WRONG: 10028,
  ACTIVATION_ADDRESS_INVALID: 10029,
  ACTIVATION_ADDRESS_IN_USE: 10030,
  ACTIVATION_ADDRESS_NOT_FOUND: 10031,
  LOGGED_IN_ELSEWHERE: 10032,
  ACTIVATION_ADDRESS_LIMIT: 10033,
  TOO_MANY_CASHOUT_ACCOUNTS: 10034,
  PIX_FORMAT_INVALID: 10035,
  ACCOUNT_EMAIL_FORMAT_INVALID: 10036,
  PHONE_FORMAT_INVALID: 10037,
  CPF_FORMAT_INVALID: 10038,
  BANK_DEPOSIT_FAILED: 10039,
  BANK_DEPOSIT_REJECTED: 10040,
  BANK_WITHDRAW_FAILED: 10041,
  BANK_WITHDRAW_REJECTED: 10042,
  BANK_TRANSFER_FAILED: 10043,
  BANK_TRANSFER_REJECTED: 10044,
  FUND_PASSWORD_WRONG: 10045,
  FUND_RECORD_FAILED: 10046,
  TRANSFER_RECEIVER_MISSING: 10047,
  CANNOT_TRANSFER_TO_SELF: 10048,
  ONLY_TO_MERCHANT: 10049,
  ONLY_TO_ORDINARY: 10050,
  NOT_A_MERCHANT: 10051,
  INVALID_TRON_ADDRESS: 10052,
  /** Our code: bonus money still has wagering outstanding in the currency; the message names the amount. */
  WAGERING_OUTSTANDING: 10053,
  /** Our code: a per-player quota (chat messages a minute, chat images an hour or a day, media stored) is used up. */
  QUOTA_REACHED: 10054,
  /** Our code (operator calls): the staff member or key lacks the call's permission; HTTP 403. */
  PERMISSION_DENIED: 10055,
  /** Our code (operator calls): the action moves money or rights and wants a fresh two-factor code. */
  STEP_UP_REQUIRED: 10056,
  /** Our code: the two-factor code (or recovery code) is wrong, used already or out of its window. */
  TWO_FACTOR_CODE_WRONG: 10057,
  /** Our code (four eyes): the person who asked for an action cannot be the one who approves it. */
  SECOND_PERSON_REQUIRED: 10058,
  /** Our code (four eyes): the request was decided already, or withdrawn. */
  REQUEST_ALREADY_DECIDED: 10059,
  /** Our code: a staff password shorter than 12 characters or on the list of common passwords. */
  PASSWORD_TOO_WEAK: 10060,
  /** Our code (PROTECTION.md "Limits"): a loss, wager or deposit limit would be passed; `data` names the limit and when it resets. */
  LIMIT_REACHED: 10061,
  /** Our code (PROTECTION.md): a time-out or self-exclusion is running; `data.until` says till when (null: indefinite). */
  PLAY_PAUSED: 10062,
  /** Our code (PROTECTION.md "Jurisdictions"): the service is not offered in the country the request comes from. */
  REGION_BLOCKED: 10063,
  /** Our code (PROTECTION.md "Sanctions screening"): the address is on the sanctions list. */
  SANCTIONED_ADDRESS: 10064,
  /** Our code (PROTECTION.md "Account security"): the action needs the player's two-factor code. */
  TWO_FACTOR_REQUIRED: 10065,
  /** Our code: a new withdrawal address is usable only after its waiting time; `data.usableAt` says when. */
  ADDRESS_WAITING: 10066,
  /** Our code: a raised or removed limit can be confirmed only after its 24-hour cooling-off; `data.readyAt` says when. */
  LIMIT_COOLING_OFF: 10067,

  GAME_NOT_FOUND: 21001,
  INSUFFICIENT_BALANCE: 21002,
  ILLEGAL_BET_AMOUNT: 21003,
  REPEAT_BET: 21004,
  FORBIDDEN_BET_AREA: 21005,
  NOT_IN_BETTING_STATE: 21006,
  NO_GAME_FOR_ADDRESS: 21007,
  TRANSFER_BET_BELOW_LIMIT: 21008,
  TRANSFER_BET_ABOVE_LIMIT: 21009,

  FIRST_RECHARGE_REQUIRED: 30007,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;
export type ErrorCodeValue = (typeof ErrorCode)[ErrorCodeName];

export const ALL_ERROR_CODES: readonly ErrorCodeValue[] = Object.values(ErrorCode);
