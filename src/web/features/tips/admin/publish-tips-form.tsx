import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Eye, EyeOff, Loader2, Send } from 'lucide-react';
import { londonDate } from '#shared/london-time';
import { contentUploadBody, type ContentUploadBody } from '#shared/schemas/tips';
import { composeMultiple, DEFAULT_BET_TYPE, MULTIPLE_COUNT } from '#shared/tips-format';
import { Button } from '#web/components/ui/button';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { Field } from '#web/components/ui/input';
import { toast } from '#web/components/ui/use-toast';
import { confirmationField, errorMessage } from '#web/lib/request';
import { LazyRichTextEditor } from '#web/components/editor/lazy-editor';
import { useHistoricalTips, usePublishTips } from '../api';
import { PreviewBody } from '../tips-cards';
import { Step } from '#web/components/step';
import { FieldError, TextArea } from './step';

type Errors = Partial<Record<keyof ContentUploadBody, string>>;
const blankMultiples = () =>
  Array.from({ length: MULTIPLE_COUNT }, () => ({ header: DEFAULT_BET_TYPE, selections: '' }));

const errorHint = (message?: string) =>
  message ? <span className="text-sm font-semibold text-red-800">{message}</span> : undefined;

/**
 * Steps 2 to 5 of Content Upload: banner, headline tips, multiples and the
 * daily preview in the article editor. The form's rules are checked here with
 * the server's own schema before anything is sent, and replacing tips already published today is
 * confirmed first, naming them.
 */
export function PublishTipsForm() {
  const queryClient = useQueryClient();
  const [bannerDate, setBannerDate] = useState('');
  const [nap, setNap] = useState('');
  const [nb, setNb] = useState('');
  const [longshot, setLongshot] = useState('');
  const [multiples, setMultiples] = useState(blankMultiples);
  const [dailyPreview, setDailyPreview] = useState('');
  const [editorKey, setEditorKey] = useState(0);
  const [showPreview, setShowPreview] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [confirming, setConfirming] = useState<ContentUploadBody | null>(null);
  // Tips advised shorter than their value price: the server's warning, published only once confirmed.
  const [shortPrices, setShortPrices] = useState<{ body: ContentUploadBody; message: string } | null>(null);
  const [refusals, setRefusals] = useState(0);
  const today = londonDate(new Date());
  const published = useHistoricalTips(today);
  const publish = usePublishTips();

  const ready = [nap, nb, longshot, dailyPreview].every((v) => v.trim() !== '');

  // After a refusal the first field at fault takes the focus (and scrolls into view): the button
  // is at the end of a long form, far from, say, Multiple 1.
  useEffect(() => {
    if (refusals > 0) document.querySelector<HTMLElement>('[data-tips-form] [aria-invalid="true"]')?.focus();
  }, [refusals]);

  function setMultiple(i: number, patch: Partial<{ header: string; selections: string }>) {
    setMultiples((all) => all.map((m, j) => (j === i ? { ...m, ...patch } : m)));
    setErrors((e) => ({ ...e, [`multiple${i + 1}`]: undefined }));
  }

  function reset() {
    setBannerDate('');
    setNap('');
    setNb('');
    setLongshot('');
    setMultiples(blankMultiples());
    setDailyPreview('');
    setEditorKey((k) => k + 1); // the editor owns its text: a new one starts empty
    setShowPreview(false);
    setErrors({});
  }

  function send(body: ContentUploadBody) {
    publish.mutate(body, {
      onSuccess: (result) => {
        toast({ title: 'Tips Published', description: result.message });
        setShortPrices(null);
        reset();
      },
      onError: (err) => {
        if (confirmationField(err) === 'confirmShortPrices')
          setShortPrices({ body, message: errorMessage(err, 'A tip is advised shorter than its value price.') });
        else
          toast({
            variant: 'destructive',
            title: 'Content Upload Failed',
            description: errorMessage(err, 'Could not publish the tips.'),
          });
      },
      onSettled: () => {
        setConfirming(null);
        void queryClient.invalidateQueries({ queryKey: ['/api/historical-tips', today] });
      },
    });
  }

  function submit() {
    const [m1, m2, m3, m4] = multiples.map((m) => composeMultiple(m.header, m.selections));
    const body: ContentUploadBody = {
      nap,
      nb,
      longshot,
      multiple1: m1,
      multiple2: m2,
      multiple3: m3,
      multiple4: m4,
      dailyPreview,
      bannerDate,
    };
    const parsed = contentUploadBody.safeParse(body);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof ContentUploadBody] ??= issue.message;
      setErrors(next);
      setRefusals((n) => n + 1);
      toast({ variant: 'destructive', title: 'Content Upload Failed', description: Object.values(next).join(' ') });
      return;
    }
    setErrors({});
    setShortPrices(null);
    if (published.data) setConfirming(body);
    else send(body);
  }

  return (
    <div data-tips-form="" className="contents">
      <Step
        n={2}
        title="Date Banner"
        description="Shown above the tips, e.g. “Saturday 21 November 2026”. Left empty, today’s date is used."
      >
        <Field
          label="Banner date"
          value={bannerDate}
          onChange={(e) => setBannerDate(e.target.value)}
          placeholder="Saturday 21 November 2026"
          hint={errorHint(errors.bannerDate)}
        />
      </Step>

      <Step n={3} title="Headline Tips">
        <div className="grid gap-4 md:grid-cols-3">
          <Field
            label="NAP"
            value={nap}
            onChange={(e) => setNap(e.target.value)}
            placeholder="Horse – 2:10 Ascot (7/1)"
            required
            hint={errorHint(errors.nap)}
          />
          <Field
            label="NB"
            value={nb}
            onChange={(e) => setNb(e.target.value)}
            placeholder="Horse – 3:15 Haydock (9/2)"
            required
            hint={errorHint(errors.nb)}
          />
          <Field
            label="Longshot"
            value={longshot}
            onChange={(e) => setLongshot(e.target.value)}
            placeholder="Horse – 4:00 Ascot (20/1)"
            required
            hint={errorHint(errors.longshot)}
          />
        </div>
      </Step>

      <Step
        n={4}
        title="Multiple Bets"
        description="Multiple 1 is required; 2 to 4 are optional. A multiple is published only when it has selections."
      >
        <div className="grid gap-4 lg:grid-cols-2">
          {multiples.map((m, i) => (
            <fieldset key={i} className="grid gap-3 rounded-lg border border-slate-200 p-4">
              <legend className="px-1 text-sm font-bold text-navy-900">
                Multiple {i + 1}
                {i === 0 ? ' (required)' : ' (optional)'}
              </legend>
              <Field
                label={`Multiple ${i + 1} bet type`}
                value={m.header}
                onChange={(e) => setMultiple(i, { header: e.target.value })}
              />
              <TextArea
                label={`Multiple ${i + 1} selections`}
                rows={3}
                required={i === 0}
                value={m.selections}
                error={errors[`multiple${i + 1}` as keyof Errors]}
                onChange={(e) => setMultiple(i, { selections: e.target.value })}
                placeholder="Horse A, Horse B, Horse C, Horse D"
              />
            </fieldset>
          ))}
        </div>
      </Step>

      <Step
        n={5}
        title="Daily Preview"
        description="Written like an article: headings, bold, lists and links. It is cleaned again on the server before publishing."
      >
        <div className="grid gap-1.5">
          <p className="text-sm font-semibold text-slate-800" aria-hidden="true">
            Daily preview
          </p>
          <LazyRichTextEditor key={editorKey} value="" label="Daily preview" onChange={setDailyPreview} />
          <FieldError id="daily-preview-error" message={errors.dailyPreview} />
        </div>
        <div>
          <Button variant="ghost" onClick={() => setShowPreview((s) => !s)} aria-expanded={showPreview}>
            {showPreview ? (
              <EyeOff className="h-4 w-4" aria-hidden="true" />
            ) : (
              <Eye className="h-4 w-4" aria-hidden="true" />
            )}
            {showPreview ? 'Hide Preview' : 'Show Preview'}
          </Button>
        </div>
        {showPreview && (
          <div
            aria-label="Preview"
            role="region"
            className="rounded-lg border border-dashed border-navy-200 bg-slate-50 p-4"
          >
            <PreviewBody text={dailyPreview} fallback="Nothing to preview yet." />
          </div>
        )}
      </Step>

      <div className="flex flex-wrap items-center gap-3">
        <Button size="lg" onClick={submit} disabled={!ready || publish.isPending}>
          {publish.isPending ? (
            <Loader2 className="h-5 w-5 animate-spin" aria-hidden="true" />
          ) : (
            <Send className="h-5 w-5" aria-hidden="true" />
          )}
          Update Tips & Preview
        </Button>
        {!ready && (
          <p className="text-sm text-slate-600">
            NAP, NB, Longshot and the daily preview are needed before publishing.
          </p>
        )}
        {ready && published.data && (
          <p className="text-sm text-slate-700">Tips are already published today: publishing replaces them.</p>
        )}
      </div>

      {shortPrices && (
        <div
          role="alert"
          className="grid gap-3 rounded-lg border border-gold-300 bg-gold-50 p-4 text-sm text-navy-900"
          data-testid="short-price-warning"
        >
          <p className="font-bold">Not published: a tip is advised shorter than its value price</p>
          <p>{shortPrices.message}</p>
          <div className="flex flex-wrap gap-2">
            <Button
              onClick={() => send({ ...shortPrices.body, confirmShortPrices: true })}
              disabled={publish.isPending}
            >
              Publish Anyway
            </Button>
            <Button variant="outline" onClick={() => setShortPrices(null)} disabled={publish.isPending}>
              Change the Tips
            </Button>
          </div>
        </div>
      )}

      <ConfirmDialog
        open={confirming !== null}
        title="Replace today’s tips?"
        description={
          published.data
            ? `This replaces today's published tips (NAP ${published.data.nap}; NB ${published.data.nb}; Longshot ${published.data.longshot}) and their daily preview. Members see the new ones at once, and today's pending tip records follow them.`
            : ''
        }
        confirmLabel="Replace Tips"
        busyLabel="Publishing..."
        destructive
        busy={publish.isPending}
        onConfirm={() => confirming && send(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}
