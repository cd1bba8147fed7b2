import { Button } from '#web/components/ui/button';
import { toast } from '#web/components/ui/use-toast';
import { useConfig } from '#web/lib/config';
import { errorMessage } from '#web/lib/request';
import { useBillingPortal } from './api';

export const NO_PORTAL_TEXT =
  'Cards and receipts are managed through Stripe. This site runs the built-in test checkout, which takes no card, so there is nothing to manage here.';

/**
 * Opens Stripe's customer portal: the card on file, invoices and receipts. With the local test
 * checkout there is no portal, and the member is told so instead of shown a button.
 */
export function ManageBillingButton() {
  const { paymentsProvider } = useConfig();
  const portal = useBillingPortal();
  if (paymentsProvider !== 'stripe') return <p className="text-sm text-slate-700">{NO_PORTAL_TEXT}</p>;

  function open() {
    portal.mutate(undefined, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (err) =>
        toast({
          title: 'Billing unavailable',
          description: errorMessage(err, 'Unable to open billing management'),
          variant: 'destructive',
        }),
    });
  }

  return (
    <Button variant="outline" onClick={open} disabled={portal.isPending || portal.isSuccess}>
      {portal.isPending || portal.isSuccess ? 'Opening...' : 'Manage cards and receipts'}
    </Button>
  );
}
