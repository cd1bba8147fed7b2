import { formatPounds } from '#shared/my-bets';
import { PRICE_DISCOUNTED_GBP } from '#shared/public-config';
import type { LocalCheckoutView } from '#server/providers/payments/local';

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

export const LOCAL_CHECKOUT_BANNER = 'Test payment — no card is charged';

/** What the buyer agrees to, and the support on offer, one click from the payment. */
const LEGAL_LINKS =
  '18+ only. By paying you agree to the <a href="/terms">Terms</a>; see the <a href="/privacy">Privacy notice</a> and <a href="/responsible-gambling">Responsible gambling</a>.';

const style = `
  :root { color-scheme: light; }
  body { margin: 0; padding: 0 16px; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: #0b1f3a; color: #0b1f3a; }
  main { max-width: 420px; margin: 32px auto; box-sizing: border-box; background: #fff; border-radius: 12px; padding: 24px; box-shadow: 0 8px 24px rgba(0,0,0,.25); }
  .banner { background: #fff4d6; border: 1px solid #c9a227; color: #5a4500; border-radius: 8px; padding: 10px 12px; font-weight: 600; margin: 0 0 16px; }
  h1 { font-size: 1.4rem; margin: 0 0 8px; }
  .price { font-size: 2rem; font-weight: 700; margin: 8px 0 4px; }
  .muted { color: #4a5568; font-size: .95rem; }
  .error { background: #fde8e8; border: 1px solid #c53030; color: #822727; border-radius: 8px; padding: 10px 12px; margin: 12px 0; }
  label { display: block; font-weight: 600; margin: 16px 0 6px; }
  input { width: 100%; box-sizing: border-box; font-size: 1rem; padding: 10px; border: 1px solid #a0aec0; border-radius: 8px; }
  button { width: 100%; margin-top: 16px; font-size: 1.05rem; font-weight: 700; padding: 12px; border: 0; border-radius: 8px; background: #c9a227; color: #0b1f3a; cursor: pointer; }
  a { color: #1a4d8f; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 4px 12px; margin: 12px 0; }
  dt { font-weight: 600; } dd { margin: 0; overflow-wrap: anywhere; }
`;

/** The local provider's checkout page: plain HTML, a form and no script (the CSP allows none inline). */
export function renderLocalCheckoutPage(
  view: LocalCheckoutView,
  opts: { siteName: string; error?: string; discountCode?: string },
): string {
  const subscription = view.mode === 'subscription';
  const annual = subscription && view.plan === 'annual';
  const priceBlock = !subscription
    ? `<p class="muted">Invoice payment</p>`
    : annual
      ? `<dl><dt>Plan</dt><dd>Annual</dd></dl>
       <p class="price">${formatPounds(view.listPricePence)}/year</p>
       <p class="muted">Renews every year until you cancel.</p>`
      : `<dl><dt>Plan</dt><dd>Monthly</dd></dl>
       <p class="price">${formatPounds(view.listPricePence)}/month</p>
       <p class="muted">Use discount code to reduce to £${PRICE_DISCOUNTED_GBP}/month</p>`;
  // The discount code is a monthly price: the annual plan has its own.
  const codeField =
    subscription && !annual
      ? `<label for="discountCode">Discount code (optional)</label>
       <input id="discountCode" name="discountCode" autocomplete="off" value="${esc(opts.discountCode ?? '')}">`
      : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="same-origin">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<title>${esc(LOCAL_CHECKOUT_BANNER)} — ${esc(opts.siteName)}</title>
<style>${style}</style>
</head>
<body>
<main>
  <p class="banner" role="note">${esc(LOCAL_CHECKOUT_BANNER)}</p>
  <h1>${esc(view.description)}</h1>
  <dl><dt>Email</dt><dd>${esc(view.email)}</dd></dl>
  ${priceBlock}
  ${opts.error ? `<p class="error" role="alert">${esc(opts.error)}</p>` : ''}
  <form method="post" action="/local-checkout/${encodeURIComponent(view.id)}/complete">
    ${codeField}
    <button type="submit">Pay</button>
  </form>
  <p class="muted"><a href="${esc(view.cancelUrl)}">Cancel and go back</a></p>
  <p class="muted">This test checkout stands in for Stripe because no Stripe key is configured.</p>
  <p class="muted">${LEGAL_LINKS}</p>
</main>
</body>
</html>`;
}

export function renderLocalNotFound(siteName: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" type="image/svg+xml" href="/favicon.svg"><title>Checkout not found — ${esc(siteName)}</title><style>${style}</style></head>
<body><main><p class="banner">${esc(LOCAL_CHECKOUT_BANNER)}</p><h1>Checkout not found</h1><p class="muted">This checkout does not exist. <a href="/subscribe">Start again</a>.</p></main></body></html>`;
}

const LOCAL_CHECKOUT_EXPIRED = 'This checkout has expired';

export function renderLocalExpired(siteName: string, startAgainUrl: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(LOCAL_CHECKOUT_EXPIRED)} — ${esc(siteName)}</title><style>${style}</style></head>
<body><main><p class="banner">${esc(LOCAL_CHECKOUT_BANNER)}</p><h1>${esc(LOCAL_CHECKOUT_EXPIRED)}</h1><p class="muted">A newer checkout was started for this e-mail address, so this one can no longer be paid and nothing was charged. <a href="${esc(startAgainUrl)}">Start again</a>.</p></main></body></html>`;
}
