import { useRef, useState } from 'react';
import { FileUp, Loader2 } from 'lucide-react';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Field } from '#web/components/ui/input';
import { toast } from '#web/components/ui/use-toast';
import { errorMessage } from '#web/lib/request';
import { useUploadBackCataloguePdf } from '../api';

/** A dated PDF guide becomes a back-catalogue entry. */
export function BackCatalogueUpload() {
  const [date, setDate] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useUploadBackCataloguePdf();

  function submit() {
    if (!file || !date) {
      toast({
        variant: 'destructive',
        title: 'Missing Information',
        description: 'Please select a PDF file and choose a date.',
      });
      return;
    }
    upload.mutate(
      { file, date },
      {
        onSuccess: (result) => {
          toast({ title: 'Back Catalogue Updated', description: result.message });
          setFile(null);
          setDate('');
          if (fileInput.current) fileInput.current.value = '';
        },
        onError: (err) =>
          toast({
            variant: 'destructive',
            title: 'Upload Failed',
            description: errorMessage(err, 'Failed to upload PDF and create back catalogue entry'),
          }),
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Back Catalogue</CardTitle>
        <CardDescription>
          Upload a day’s PDF guide; it appears in the public back catalogue under that date.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid max-w-xl gap-4">
        <Field label="Guide date" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
        <Field
          ref={fileInput}
          label="PDF file"
          type="file"
          accept=".pdf,application/pdf"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          hint="PDF only, up to 20 MB."
        />
        {file && (
          <p className="text-sm text-slate-700" data-testid="selected-file">
            Selected: <strong>{file.name}</strong> ({(file.size / 1024).toFixed(1)} KB)
          </p>
        )}
        <div>
          <Button onClick={submit} disabled={upload.isPending}>
            {upload.isPending ? (
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
            ) : (
              <FileUp className="h-4 w-4" aria-hidden="true" />
            )}
            Upload & Create Entry
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
