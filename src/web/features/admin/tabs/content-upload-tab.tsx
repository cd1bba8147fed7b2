import { Library, Loader2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/request';
import { useMoveToLibrary } from '../../back-catalogue/api';
import { PublishTipsForm } from '../../tips/admin/publish-tips-form';
import { Step } from '../../tips/admin/step';
import { AdminRacePreviews } from '../../race-previews/admin-race-previews';
import { MemberEmails } from '../../mail/member-emails';

/** Spec 02 §2.6 B.1: yesterday into the archive, then the morning's tips, multiples and preview. */
export function ContentUploadTab() {
  const moveToLibrary = useMoveToLibrary();

  function updateCatalogue() {
    moveToLibrary.mutate(undefined, {
      onSuccess: (result) => toast({ title: 'Back Catalogue Updated', description: result.message }),
      onError: (err) => toast({ variant: 'destructive', title: 'Library Move Failed', description: errorMessage(err, 'Could not update the back catalogue.') }),
    });
  }

  return (
    <div className="grid gap-6">
      <Step n={1} title="Update Back Catalogue" description="Copies yesterday’s tips into the public back catalogue before today’s go live.">
        <div>
          <Button variant="outline" onClick={updateCatalogue} disabled={moveToLibrary.isPending}>
            {moveToLibrary.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Library className="h-4 w-4" aria-hidden="true" />}
            Update Back Catalogue
          </Button>
        </div>
      </Step>
      <PublishTipsForm />
      <AdminRacePreviews />
      <MemberEmails />
    </div>
  );
}
