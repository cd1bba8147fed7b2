import { useRef, useState, type ChangeEvent } from 'react';
import { FileUp, Loader2, RefreshCw } from 'lucide-react';
import { formatShortDay, londonClock, londonDate } from '#shared/london-time';
import type { FeedsAnswer, FeedStatusView } from '#shared/schemas/feeds';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Field } from '#web/components/ui/input';
import { QueryView } from '#web/components/ui/query-view';
import { Skeleton } from '#web/components/ui/skeleton';
import { toast } from '#web/components/ui/use-toast';
import { cn } from '#web/lib/cn';
import { errorMessage } from '#web/lib/request';
import { useFeeds, useRunFeed, useUploadBsp } from '../api';

/** Unmatched names shown before "and N more". */
const LISTED_UNMATCHED = 20;

const STATE: Record<FeedStatusView['state'], { label: string; tone: string }> = {
  ok: { label: 'OK', tone: 'border-green-700 bg-green-50 text-green-800' },
  idle: { label: 'Idle', tone: 'border-slate-400 bg-slate-50 text-slate-800' },
  failing: { label: 'Failing', tone: 'border-red-700 bg-red-50 text-red-800' },
  'rate-limited': { label: 'Rate limited', tone: 'border-amber-700 bg-amber-50 text-amber-900' },
};

/** "25 Nov 14:10" in London, or "—". */
function when(iso: string | null) {
  if (!iso) return '—';
  const d = new Date(iso);
  return `${formatShortDay(londonDate(d), false)} ${londonClock(d)}`;
}

function pollingNote(data: FeedsAnswer) {
  if (!data.feeds.some((f) => f.configured))
    return 'No feed is polled (RACING_DATA_PROVIDERS is manual); BSP files can still be uploaded below.';
  return data.thisInstancePolls
    ? 'This server polls the feeds.'
    : 'One server at a time polls the feeds; this one shows what it wrote.';
}

/**
 * The price and result feeds (Betfair's BSP files, The Racing API): each one's state, last
 * success, next attempt, message and the names it could not match, Run now, and the BSP upload.
 */
export function FeedsAdmin() {
  const feeds = useFeeds();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Price &amp; Result Feeds</CardTitle>
        <CardDescription>
          Prices through the day and results from Betfair&apos;s BSP files and The Racing API. Results entered by hand
          always stand: a feed fills in what is missing and adds the Betfair starting prices. Names a feed cannot match
          to the cards are listed here, never guessed.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <QueryView
          query={feeds}
          loading={<Skeleton className="h-40 w-full" />}
          errorText="The feeds could not be read."
          errorClassName="text-sm text-red-800"
        >
          {(data) => (
            <>
              <p className="text-sm text-slate-700">{pollingNote(data)}</p>
              {data.feeds.map((feed) => (
                <FeedPanel key={feed.provider} feed={feed} />
              ))}
            </>
          )}
        </QueryView>
        <BspUpload />
      </CardContent>
    </Card>
  );
}

function FeedPanel({ feed }: { feed: FeedStatusView }) {
  const run = useRunFeed();
  const state = STATE[feed.state];
  function runNow() {
    run.mutate(feed.provider, {
      onSuccess: (answer) => toast({ title: `${feed.label}: run`, description: answer.message }),
      onError: (err) =>
        toast({
          variant: 'destructive',
          title: `${feed.label} failed`,
          description: errorMessage(err, 'The feed could not be run.'),
        }),
    });
  }
  return (
    <section
      aria-labelledby={`feed-${feed.provider}`}
      className="rounded-lg border border-slate-200 p-4"
      data-testid={`feed-${feed.provider}`}
    >
      <div className="flex flex-wrap items-center gap-3">
        <h3 id={`feed-${feed.provider}`} className="text-base font-bold text-navy-900">
          {feed.label}
        </h3>
        <span className={cn('rounded-full border px-2 py-0.5 text-xs font-bold', state.tone)}>{state.label}</span>
        {!feed.configured && <span className="text-xs text-slate-600">Not polled (RACING_DATA_PROVIDERS)</span>}
        {feed.configured && (
          <Button size="sm" variant="outline" className="ml-auto" onClick={runNow} disabled={run.isPending}>
            {run.isPending ? (
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
            ) : (
              <RefreshCw className="h-4 w-4" aria-hidden="true" />
            )}
            Run now
          </Button>
        )}
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-slate-600">Last success</dt>
          <dd className="font-semibold">{when(feed.lastSuccessAt)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Last attempt</dt>
          <dd className="font-semibold">{when(feed.lastAttemptAt)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Next attempt</dt>
          <dd className="font-semibold">{feed.configured ? when(feed.nextAttemptAt) : '—'}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Failures in a row</dt>
          <dd className="font-semibold">{feed.failures}</dd>
        </div>
      </dl>
      <p className="mt-2 text-sm text-slate-800">{feed.message}</p>
      {feed.unmatched.length > 0 && (
        <div className="mt-2">
          <p className="text-sm font-semibold text-slate-900">
            Not matched to the cards, or not off yet ({feed.unmatched.length})
          </p>
          <ul className="mt-1 grid gap-0.5 text-sm text-slate-800">
            {feed.unmatched.slice(0, LISTED_UNMATCHED).map((p, i) => (
              <li key={i}>
                <span className="font-semibold">{p.race}</span>
                {p.horse && <> — {p.horse}</>}: {p.message}
              </li>
            ))}
            {feed.unmatched.length > LISTED_UNMATCHED && (
              <li>… and {feed.unmatched.length - LISTED_UNMATCHED} more.</li>
            )}
          </ul>
        </div>
      )}
    </section>
  );
}

/** A file input's chosen file, and clearing both after a send. */
function useChosenFile() {
  const [file, setFile] = useState<File | null>(null);
  const input = useRef<HTMLInputElement>(null);
  return {
    file,
    input,
    onChange: (e: ChangeEvent<HTMLInputElement>) => setFile(e.target.files?.[0] ?? null),
    clear: () => {
      setFile(null);
      if (input.current) input.current.value = '';
    },
  };
}

function BspUpload() {
  const win = useChosenFile();
  const place = useChosenFile();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const upload = useUploadBsp();

  function submit() {
    if (!win.file) return;
    setOutcome(null);
    upload.mutate(
      { win: win.file, place: place.file },
      {
        onSuccess: (answer) => {
          setOutcome({ ok: true, message: answer.message });
          toast({ title: 'BSP Files Read', description: answer.popupMessage });
          win.clear();
          place.clear();
        },
        onError: (err) => {
          const message = errorMessage(err, 'The BSP files were not read.');
          setOutcome({ ok: false, message });
          toast({ variant: 'destructive', title: 'Upload Failed', description: message });
        },
      },
    );
  }

  return (
    <section aria-labelledby="bsp-upload" className="rounded-lg border border-slate-200 p-4">
      <h3 id="bsp-upload" className="text-base font-bold text-navy-900">
        Upload BSP files
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        Betfair&apos;s files for one day as downloaded (dwbfpricesukwin….csv). The win file gives the BSPs and winners;
        add the place file to settle the placed horses too.
      </p>
      <div className="mt-3 grid max-w-xl gap-3">
        <Field ref={win.input} label="Win file" type="file" accept=".csv,text/csv" onChange={win.onChange} />
        <Field
          ref={place.input}
          label="Place file (optional)"
          type="file"
          accept=".csv,text/csv"
          onChange={place.onChange}
          hint="CSV, up to 5 MB each."
        />
        <div>
          <Button onClick={submit} disabled={!win.file || upload.isPending}>
            {upload.isPending ? (
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
            ) : (
              <FileUp className="h-4 w-4" aria-hidden="true" />
            )}
            Upload BSP Files
          </Button>
        </div>
        {outcome && (
          <p
            role="status"
            className={cn(
              'rounded-md border p-3 text-sm',
              outcome.ok ? 'border-green-700 bg-green-50 text-green-900' : 'border-red-700 bg-red-50 text-red-900',
            )}
          >
            {outcome.message}
          </p>
        )}
      </div>
    </section>
  );
}
