import { AdminMembers } from '#web/features/billing/admin/admin-members';
import { PriceChanges } from '#web/features/billing/admin/price-changes';
import { RefundsList } from '#web/features/billing/admin/refunds-list';
import { SystemSettings } from '#web/features/settings/admin/system-settings';

/** The site-wide switches, then the Members section (grant and revoke family and annual special access, refunds), the refunds made and price changes. */
export function SystemSettingsTab() {
  return (
    <div className="grid gap-6">
      <SystemSettings />
      <AdminMembers />
      <RefundsList />
      <PriceChanges />
    </div>
  );
}
