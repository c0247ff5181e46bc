/**
 * The contract's message catalogue in all eight languages. Loaded on demand (see catalogue.ts): it is
 * needed only once something goes wrong, so it stays out of the first download.
 */
export { errorMessage, EXPERIENCE_MESSAGES } from '@lobby/contract';
