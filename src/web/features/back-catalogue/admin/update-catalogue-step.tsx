import { Library, Loader2 } from 'lucide-react';
import { Step } from '#web/components/step';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/components/ui/use-toast';
import { errorMessage } from '#web/lib/request';
import { useMoveToLibrary } from '../api';

/** Content Upload step 1: yesterday's tips into the public back catalogue before today's go live. */
export function UpdateCatalogueStep() {
  const moveToLibrary = useMoveToLibrary();

  function updateCatalogue() {
    moveToLibrary.mutate(undefined, {
      onSuccess: (result) => toast({ title: 'Back Catalogue Updated', description: result.message }),
      onError: (err) =>
        toast({
          variant: 'destructive',
          title: 'Library Move Failed',
          description: errorMessage(err, 'Could not update the back catalogue.'),
        }),
    });
  }

  return (
    <Step
      n={1}
      title="Update Back Catalogue"
      description="Copies yesterday’s tips into the public back catalogue before today’s go live."
    >
      <div>
        <Button variant="outline" onClick={updateCatalogue} disabled={moveToLibrary.isPending}>
          {moveToLibrary.isPending ? (
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
          ) : (
            <Library className="h-4 w-4" aria-hidden="true" />
          )}
          Update Back Catalogue
        </Button>
      </div>
    </Step>
  );
}
