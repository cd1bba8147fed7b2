import { AdminMembers } from '#web/features/billing/admin/admin-members';
import { SystemSettings } from '#web/features/settings/admin/system-settings';

/** The site-wide switches, then the Members section (spec 02 §3/§7: grant and revoke family and annual special access). */
export function SystemSettingsTab() {
  return (
    <div className="grid gap-6">
      <SystemSettings />
      <AdminMembers />
    </div>
  );
}
