import { BusinessAdmin } from '#web/features/business/admin/business-admin';

/** The owner's numbers: members, revenue, churn and the members CSV. */
export function BusinessTab() {
  return <BusinessAdmin />;
}
