import { Button } from '#web/components/ui/button';
import { toast } from '#web/components/ui/use-toast';
import { useConfig } from '#web/lib/config';
import { errorMessage } from '#web/lib/request';
import { useBillingPortal } from './api';

/** Opens Stripe's customer portal (card, invoices); only offered when payments run through Stripe. */
export function ManageBillingButton() {
  const { paymentsProvider } = useConfig();
  const portal = useBillingPortal();
  if (paymentsProvider !== 'stripe') return null;

  function open() {
    portal.mutate(undefined, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (err) => toast({ title: 'Billing unavailable', description: errorMessage(err, 'Unable to open billing management'), variant: 'destructive' }),
    });
  }

  return (
    <Button variant="outline" onClick={open} disabled={portal.isPending || portal.isSuccess}>
      {portal.isPending || portal.isSuccess ? 'Opening billing...' : 'Manage billing'}
    </Button>
  );
}
