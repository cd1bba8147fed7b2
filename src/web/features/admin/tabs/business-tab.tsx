import { BusinessFigures } from '#web/features/billing/admin/business-figures';

/** The owner's numbers: members, revenue, churn and the members CSV. */
export function BusinessTab() {
  return <BusinessFigures />;
}
