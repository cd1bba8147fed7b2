import { UpdateCatalogueStep } from '#web/features/back-catalogue/admin/update-catalogue-step';
import { MemberEmails } from '#web/features/mail/admin/member-emails';
import { AdminRacePreviews } from '#web/features/race-previews/admin/admin-race-previews';
import { ProofingStatusPanel } from '#web/features/proofing/admin/proofing-status-panel';
import { PublishTipsForm } from '#web/features/tips/admin/publish-tips-form';

/** The Content Upload tab: yesterday into the archive, then the morning's tips, multiples and preview. */
export function ContentUploadTab() {
  return (
    <div className="grid gap-6">
      <UpdateCatalogueStep />
      <PublishTipsForm />
      <ProofingStatusPanel />
      <AdminRacePreviews />
      <MemberEmails />
    </div>
  );
}
