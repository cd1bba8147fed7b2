import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (19 MiB, t=2, p=1: OWASP's recommended minimum).
export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) return false;
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A real hash to verify against when the account does not exist, so timing does not tell. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash() {
  dummyHash ??= hash('not-a-real-password-' + Math.random());
  return dummyHash;
}
