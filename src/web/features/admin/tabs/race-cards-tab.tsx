import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2, Upload } from 'lucide-react';
import { WEEKDAYS, formatShortDay, type Weekday } from '../../../../shared/london-time';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Input, Label } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { apiJson, errorMessage } from '../../../lib/request';
import { ADMIN_METADATA_REFRESH_MS, RACE_CARDS_METADATA_KEY, useRaceCardsMetadata } from '../../race-cards/api';
import { uploadWithProgress, type UploadResult } from '../../race-cards/upload';
import { ClearSpecificDay } from '../../race-cards/admin/clear-specific-day';
import { HorseSummariesAndOdds } from '../../race-cards/admin/horse-summaries-odds';
import { StageDefaultWeekday } from '../../race-cards/admin/stage-default-weekday';
import { StageFreeRace } from '../../race-cards/admin/stage-free-race';
import { StageMorningOdds } from '../../race-cards/admin/stage-morning-odds';
import { StagePanel, UploadProgress } from '../../race-cards/admin/stage-panel';
import { StageVerdicts } from '../../race-cards/admin/stage-verdicts';
import { ExcelExport } from '../../race-cards/admin/excel-export';
import { whatIsLost } from '../../race-cards/admin/what-is-lost';
import { StageResults } from '../../race-results/admin/stage-results';

const label = (d: Weekday) => d[0].toUpperCase() + d.slice(1);
const cards = (n: number) => `${n} ${n === 1 ? 'card' : 'cards'}`;

/** Spec 02 §2.6: the five morning stages (stage 1 here, 2–5 in race-cards/admin), Clear Specific Day, and the weekday cards. */
export function RaceCardsTab() {
  const queryClient = useQueryClient();
  const metadata = useRaceCardsMetadata({ refetchInterval: ADMIN_METADATA_REFRESH_MS });
  const [weekday, setWeekday] = useState<Weekday>('monday');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<UploadResult | null>(null);
  const [clearing, setClearing] = useState<Weekday | null>(null);
  const [clearBusy, setClearBusy] = useState(false);
  const fileId = useId();
  const dayId = useId();
  const count = (d: Weekday) => metadata.data?.[d]?.length ?? 0;
  const dateOf = (d: Weekday) => metadata.data?.[d]?.[0]?.raceDate;
  const uploading = progress !== null;

  async function upload() {
    if (!file) {
      toast({ title: 'Upload Failed', description: 'No file selected', variant: 'destructive' });
      return;
    }
    const form = new FormData();
    form.append('targetTab', weekday);
    form.append('masterExcel', file);
    setResult(null);
    setProgress(0);
    const answer = await uploadWithProgress('/api/vbg-race-cards/upload-master-excel', form, setProgress);
    setProgress(null);
    setResult(answer);
    if (answer.success) toast({ title: 'Stage 1 Complete', description: answer.message });
    else toast({ title: 'Upload Failed', description: `Stage 1 Failed: ${answer.message}`, variant: 'destructive' });
    void queryClient.invalidateQueries({ queryKey: RACE_CARDS_METADATA_KEY });
  }

  async function clearDay(day: Weekday) {
    setClearBusy(true);
    try {
      const body = await apiJson<{ message?: string }>('DELETE', `/api/vbg-race-cards/clear-weekday/${day}`);
      toast({ title: 'Cleared', description: body?.message ?? `${label(day)} race cards cleared.` });
    } catch (err) {
      toast({ title: 'Clear Failed', description: `Clear Failed: ${errorMessage(err, 'Could not clear the race cards')}`, variant: 'destructive' });
    } finally {
      setClearBusy(false);
      setClearing(null);
      void queryClient.invalidateQueries({ queryKey: RACE_CARDS_METADATA_KEY });
    }
  }

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Master Spreadsheet Upload</CardTitle>
          <CardDescription>Stage 1: the master Excel workbook for one weekday tab. Horse summaries come from column AQ.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="grid gap-1.5">
            <Label htmlFor={dayId}>Target weekday</Label>
            <select
              id={dayId}
              value={weekday}
              onChange={(e) => setWeekday(e.target.value as Weekday)}
              className="block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 sm:max-w-xs"
            >
              {WEEKDAYS.map((d) => (
                <option key={d} value={d}>
                  {label(d)} ({cards(count(d))})
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={fileId}>Master spreadsheet</Label>
            <Input
              id={fileId}
              type="file"
              accept=".xlsx,.xlsm,.xls"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setResult(null);
              }}
            />
            <p className="text-xs text-slate-600" data-testid="master-file">
              {file ? `${file.name} (${(file.size / 1024).toFixed(1)} KB)` : 'No file selected'}
            </p>
          </div>
          <div className="rounded-md bg-navy-50 p-3 text-sm text-slate-800">
            <p className="font-semibold text-navy-900">Spreadsheet columns</p>
            <ul className="mt-1 grid grid-cols-2 gap-1 sm:grid-cols-4">
              <li>B: time</li>
              <li>C: course</li>
              <li>E: race title</li>
              <li>M: VB rating</li>
            </ul>
          </div>
          <div>
            <Button onClick={() => void upload()} disabled={!file || uploading}>
              <Upload aria-hidden="true" className="h-4 w-4" />
              {uploading ? 'Uploading...' : 'Upload Master Excel'}
            </Button>
          </div>
          {progress !== null && <UploadProgress progress={progress} />}
          {result && <StagePanel stage={1} result={result} />}
        </CardContent>
      </Card>

      <StageVerdicts weekday={weekday} />
      <StageMorningOdds weekday={weekday} />
      <HorseSummariesAndOdds weekday={weekday} />
      <StageDefaultWeekday />
      <StageFreeRace />
      <StageResults />
      <ClearSpecificDay />
      <ExcelExport />

      <Card>
        <CardHeader>
          <CardTitle>Race Cards by Weekday</CardTitle>
          <CardDescription>Cards stored for each weekday tab. Clearing a day removes all of its races.</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-2 sm:grid-cols-2">
            {WEEKDAYS.map((d) => (
              <li key={d} className="flex min-h-11 items-center justify-between gap-3 rounded-md border border-slate-200 px-3 py-2">
                <span>
                  <span className="font-semibold text-navy-900">{label(d)}</span>{' '}
                  <span className="text-sm text-slate-600">
                    {dateOf(d) ? `${formatShortDay(dateOf(d)!, false)} · ` : ''}
                    {cards(count(d))}
                  </span>
                </span>
                <Button size="sm" variant="outline" aria-label={`Clear ${label(d)}`} disabled={count(d) === 0} onClick={() => setClearing(d)}>
                  <Trash2 aria-hidden="true" className="h-4 w-4" />
                  Clear
                </Button>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>

      <ConfirmDialog
        open={clearing !== null}
        title={clearing ? `Clear ${label(clearing)}?` : 'Clear'}
        description={clearing ? whatIsLost(clearing, metadata.data?.[clearing] ?? []) : ''}
        confirmLabel="Clear"
        busyLabel="Clearing..."
        destructive
        busy={clearBusy}
        onConfirm={() => clearing && void clearDay(clearing)}
        onCancel={() => setClearing(null)}
      />
    </div>
  );
}
