import { useState } from 'react';
import { Library, Unlock } from 'lucide-react';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Tabs } from '#web/components/ui/tabs';
import { toast } from '#web/components/ui/use-toast';
import { errorMessage } from '#web/lib/request';
import { useAutomateArticleAccess, useImportResourceLibrary } from '../api';
import { ManageArticles } from './manage-articles';
import { UploadArticle } from './upload-article';

/** The admin panel's News & Views tab. */
export function NewsAndViewsAdmin() {
  const [tab, setTab] = useState('upload');
  const automate = useAutomateArticleAccess();
  const importLibrary = useImportResourceLibrary();

  return (
    <Card>
      <CardHeader>
        <CardTitle>News & Views</CardTitle>
        <CardDescription>Write and publish articles, and manage the ones already on the site.</CardDescription>
        <div className="mt-3 flex flex-col gap-2 sm:flex-row">
          <Button
            variant="outline"
            size="sm"
            disabled={automate.isPending}
            onClick={() =>
              automate.mutate(undefined, {
                onSuccess: (res) => toast({ title: 'Article Access Updated', description: res.message }),
                onError: (err) =>
                  toast({
                    title: 'Automation Failed',
                    description: errorMessage(err, 'Failed to update article access rights'),
                    variant: 'destructive',
                  }),
              })
            }
          >
            <Unlock className="h-4 w-4" aria-hidden="true" />
            Make Old Top 5s Public
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={importLibrary.isPending}
            onClick={() =>
              importLibrary.mutate(undefined, {
                onSuccess: (res) => toast({ title: 'Resource Library Imported', description: res.message }),
                onError: (err) =>
                  toast({
                    title: 'Import Failed',
                    description: errorMessage(err, 'Failed to import the resource library'),
                    variant: 'destructive',
                  }),
              })
            }
          >
            <Library className="h-4 w-4" aria-hidden="true" />
            Import Resource Library
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        <Tabs
          label="News & Views sections"
          // On a phone the two labels wrap inside their halves instead of running off the edge.
          listClassName="[&>button]:whitespace-normal [&>button]:py-1 [&>button]:leading-tight"
          value={tab}
          onValueChange={setTab}
          items={[
            { value: 'upload', label: 'Upload New Article', content: <UploadArticle /> },
            { value: 'manage', label: 'Manage Existing Articles', content: <ManageArticles /> },
          ]}
        />
      </CardContent>
    </Card>
  );
}
