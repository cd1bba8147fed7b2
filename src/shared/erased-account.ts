/**
 * An account deleted at its owner's request stays as an anonymous row (so the payment records
 * kept for HMRC still belong to one customer) under an address that can never receive mail:
 * `deleted-<id>@invalid` (the .invalid name is reserved, RFC 2606, and e-mail validation refuses
 * a domain without a dot, so nobody can register it).
 */
export const erasedEmail = (userId: number) => `deleted-${userId}@invalid`;

/** The address is an erased account's anonymous remainder: lists show "Erased account", never the address. */
export const isErasedEmail = (email: string) => /^deleted-[0-9]+@invalid$/.test(email);
