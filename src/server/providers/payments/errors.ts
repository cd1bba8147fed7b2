/** The webhook is not genuine (bad or missing signature, or too old). */
export class WebhookSignatureError extends Error {}

/** The provider could not be reached or refused the call; nothing was changed on our side. */
export class PaymentsUnavailableError extends Error {
  /** Answered as 502 by the app's error handler (logged there, a generic message to the client). */
  readonly statusCode = 502;
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
  }
}

/** The provider answered and refused the request (e.g. a refund larger than what is left): nothing was changed. */
export class PaymentRefusedError extends Error {}
