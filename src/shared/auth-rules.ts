/** Kept free of zod so browser pages that only need the number do not download the validator. */
export const MIN_PASSWORD_LENGTH = 6;
