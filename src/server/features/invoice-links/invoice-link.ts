import type { InvoiceLinkBody } from '#shared/schemas/billing';
import type { AppContext } from '#server/context';
import { badRequest } from '#server/http/errors';
import type { PaymentsProvider } from '#server/providers/payments';

/** STRIPE_INVOICE_PRICES: "phase3=price_abc,phase2=price_def" — named prices for invoice links. */
export function parseInvoiceTiers(value: string | undefined): Map<string, string> {
  const tiers = new Map<string, string>();
  for (const part of (value ?? '').split(',')) {
    const [name, price] = part.split('=').map((s) => s?.trim());
    if (name && price) tiers.set(name, price);
  }
  return tiers;
}

/** A payment link for one customer on a named price tier. */
export async function createInvoiceLink(
  ctx: AppContext,
  payments: PaymentsProvider,
  body: InvoiceLinkBody,
  baseUrl: string,
) {
  const tiers = parseInvoiceTiers(ctx.config.STRIPE_INVOICE_PRICES);
  if (!tiers.size)
    throw badRequest('No invoice price tiers are configured (set STRIPE_INVOICE_PRICES, e.g. "phase3=price_abc").');
  const priceId = tiers.get(body.pricingTier);
  if (!priceId)
    throw badRequest(`Unknown pricing tier "${body.pricingTier}". Configured tiers: ${[...tiers.keys()].join(', ')}.`);
  const { url } = await payments.createPaymentLink({ ...body, priceId, returnUrl: `${baseUrl}/` });
  return { success: true as const, url };
}
