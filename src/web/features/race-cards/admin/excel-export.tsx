import { useState } from 'react';
import { FileSpreadsheet } from 'lucide-react';
import { londonDate } from '#shared/london-time';
import {
  exportFilename,
  MULTIPLIER_DEFAULTS,
  MULTIPLIER_MAX,
  MULTIPLIER_MIN,
  MULTIPLIER_STEP,
  normaliseMultiplier,
} from '#shared/schemas/excel-export';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Field } from '#web/components/ui/input';
import { toast } from '#web/components/ui/use-toast';
import { apiRequest, errorMessage } from '#web/lib/request';

const FALLBACK = 'Failed to generate Excel export';

function filenameFrom(disposition: string | null): string | null {
  const m = /filename="?([^";]+)"?/i.exec(disposition ?? '');
  return m ? m[1] : null;
}

/** Saves a downloaded file the way a link with `download` would. */
function save(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The Excel export: today's selections as an .xlsx, with the Main and AV8+ stake multipliers. */
export function ExcelExport() {
  const [main, setMain] = useState(String(MULTIPLIER_DEFAULTS.main));
  const [av8, setAv8] = useState(String(MULTIPLIER_DEFAULTS.av8));
  const [busy, setBusy] = useState(false);
  const multipliers = {
    main: normaliseMultiplier(main, MULTIPLIER_DEFAULTS.main),
    av8: normaliseMultiplier(av8, MULTIPLIER_DEFAULTS.av8),
  };

  async function download() {
    setBusy(true);
    try {
      const res = await apiRequest('POST', '/api/admin/excel-export', { multipliers });
      const filename = filenameFrom(res.headers.get('Content-Disposition')) ?? exportFilename(londonDate(new Date()));
      save(await res.blob(), filename);
      toast({ title: 'Export Complete', description: filename });
    } catch (err) {
      toast({ title: 'Export Failed', description: errorMessage(err, FALLBACK, FALLBACK), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  const input = {
    type: 'number',
    inputMode: 'decimal' as const,
    min: MULTIPLIER_MIN,
    max: MULTIPLIER_MAX,
    step: MULTIPLIER_STEP,
    className: 'sm:max-w-xs',
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Excel Export</CardTitle>
        <CardDescription>
          Today’s races through the value model (market correction on): sheet “Main” lists horses with value above 0,
          “AV8+” those with value of 8 or more. Each sheet’s stake in points is its multiplier.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Main multiplier"
            {...input}
            value={main}
            onChange={(e) => setMain(e.target.value)}
            hint={`0 to 10 in steps of 0.1; otherwise ${MULTIPLIER_DEFAULTS.main} is used.`}
          />
          <Field
            label="AV8+ multiplier"
            {...input}
            value={av8}
            onChange={(e) => setAv8(e.target.value)}
            hint={`0 to 10 in steps of 0.1; otherwise ${MULTIPLIER_DEFAULTS.av8} is used.`}
          />
        </div>
        <div>
          <Button onClick={() => void download()} disabled={busy}>
            <FileSpreadsheet aria-hidden="true" className="h-4 w-4" />
            {busy ? 'Generating...' : 'Download Excel Export'}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
