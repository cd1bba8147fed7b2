/** The boxes a registration ticks: 18 or over, the terms accepted. */
export const CONSENT = { confirmAge: true, acceptTerms: true } as const;

/** The boxes a checkout ticks: those, and starting the membership at once. */
export const JOINING = { ...CONSENT, startNow: true } as const;
