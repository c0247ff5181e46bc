export * from './locales.ts';
export * from './errors.ts';
export * from './error-messages.ts';
export * from './enums.ts';
export * from './constants.ts';
export * from './money.ts';
export * from './calls/index.ts';
export * from './openapi.ts';
