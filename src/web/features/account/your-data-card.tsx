import { useState } from 'react';
import { Link } from 'react-router';
import { londonDate } from '#shared/london-time';
import type { CurrentUser } from '#shared/schemas/auth';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '#web/components/ui/card';
import { toast } from '#web/components/ui/use-toast';
import { apiRequest, errorMessage } from '#web/lib/request';
import { DeleteAccountDialog } from './delete-account-dialog';

/** Fetches the export with the session cookie and saves it under the name the server gives. */
async function downloadMyData() {
  const res = await apiRequest('GET', '/api/my-data');
  const name =
    /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ??
    `vbg-my-data-${londonDate(new Date())}.json`;
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.click();
  URL.revokeObjectURL(href);
}

/** The member's data rights (UK GDPR): a copy of everything held about them, and deleting the account. */
export function YourDataCard({ user }: { user: CurrentUser }) {
  const [downloading, setDownloading] = useState(false);
  const [deleting, setDeleting] = useState(false);

  async function onDownload() {
    setDownloading(true);
    try {
      await downloadMyData();
    } catch (err) {
      toast({
        title: 'Download failed',
        description: errorMessage(err, 'Your data could not be downloaded. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>Your Data</CardTitle>
        <CardDescription>
          Download a copy of everything we hold about you, or delete your account. Read how we use your data in our{' '}
          <Link to="/privacy" className="font-semibold text-navy-900 underline underline-offset-4">
            Privacy notice
          </Link>
          .
        </CardDescription>
      </CardHeader>
      {user.role === 'admin' && (
        <CardContent>
          <p className="text-sm text-slate-700">An administrator account cannot be deleted from here.</p>
        </CardContent>
      )}
      <CardFooter>
        <Button variant="outline" onClick={() => void onDownload()} disabled={downloading}>
          {downloading ? 'Preparing...' : 'Download my data'}
        </Button>
        {user.role !== 'admin' && (
          <Button variant="destructive" onClick={() => setDeleting(true)}>
            Delete my account
          </Button>
        )}
      </CardFooter>
      <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} />
    </Card>
  );
}
