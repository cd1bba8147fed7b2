import { useState } from 'react';
import type { z } from 'zod';
import { useController, type FieldErrors } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { Eye, EyeOff, Loader2, Send } from 'lucide-react';
import { londonDate } from '#shared/london-time';
import { BET_TYPES } from '#shared/proofing/multiples';
import { publishTipsForm, type ContentUploadBody, type PublishedLeg } from '#shared/schemas/tips';
import { DEFAULT_BET_TYPE } from '#shared/tips-format';
import { Button } from '#web/components/ui/button';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { Field, FieldError } from '#web/components/ui/input';
import { toast } from '#web/components/ui/use-toast';
import { confirmationField, errorMessage } from '#web/lib/request';
import { useSchemaForm } from '#web/lib/schema-form';
import { LazyRichTextEditor } from '#web/components/editor/lazy-editor';
import { useHistoricalTips, usePublishTips } from '../api';
import { sanitizeArticleHtml } from '../../articles/sanitize';
import { PreviewBody } from '../tips-cards';
import { Step } from '#web/components/step';
import { TextArea } from '#web/components/ui/textarea';
import { PublishedLegs } from './published-legs';

type FormValues = z.input<typeof publishTipsForm>;

const blankMultiple = { header: DEFAULT_BET_TYPE, selections: '' };
const blankForm: FormValues = {
  bannerDate: '',
  nap: '',
  nb: '',
  longshot: '',
  multiples: [blankMultiple, blankMultiple, blankMultiple, blankMultiple],
  dailyPreview: '',
};

const MULTIPLES = [0, 1, 2, 3] as const;

const HEADLINE_TIPS = [
  { name: 'nap', label: 'NAP', placeholder: 'Horse – 2:10 Ascot (7/1)' },
  { name: 'nb', label: 'NB', placeholder: 'Horse – 3:15 Haydock (9/2)' },
  { name: 'longshot', label: 'Longshot', placeholder: 'Horse – 4:00 Ascot (20/1)' },
] as const;

/** Every refusal of the form, in the order of its fields. */
function refusals(errors: FieldErrors<FormValues>): string[] {
  return [
    errors.bannerDate,
    errors.nap,
    errors.nb,
    errors.longshot,
    ...MULTIPLES.flatMap((i) => [errors.multiples?.[i]?.header, errors.multiples?.[i]?.selections]),
    errors.dailyPreview,
  ].flatMap((e) => (e?.message ? [e.message] : []));
}

/** "NAP, Multiple 1 and the daily preview are needed before publishing.": what is still empty, or null. */
function neededBeforePublishing(fields: Record<'nap' | 'nb' | 'longshot' | 'multiple1' | 'dailyPreview', string>) {
  const missing = (
    [
      ['NAP', fields.nap],
      ['NB', fields.nb],
      ['Longshot', fields.longshot],
      ['Multiple 1', fields.multiple1],
      ['the daily preview', fields.dailyPreview],
    ] as const
  )
    .filter(([, value]) => value.trim() === '')
    .map(([label]) => label);
  if (missing.length === 0) return null;
  const listed = missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)}`;
  return `${listed[0].toUpperCase()}${listed.slice(1)} ${missing.length === 1 ? 'is' : 'are'} needed before publishing.`;
}

/**
 * Steps 2 to 5 of Content Upload: banner, headline tips, multiples and the
 * daily preview in the article editor. The form is checked with the server's own schema before
 * anything is sent (a refusal shows at its field, which takes the focus), and replacing tips
 * already published today is confirmed first, naming them.
 */
export function PublishTipsForm() {
  const queryClient = useQueryClient();
  const form = useSchemaForm(publishTipsForm, blankForm);
  const { errors } = form.formState;
  const preview = useController({ control: form.control, name: 'dailyPreview' });
  const [editorKey, setEditorKey] = useState(0);
  const [showPreview, setShowPreview] = useState(false);
  const [confirming, setConfirming] = useState<ContentUploadBody | null>(null);
  // Tips advised shorter than their value price: the server's warning, published only once confirmed.
  const [shortPrices, setShortPrices] = useState<{ body: ContentUploadBody; message: string } | null>(null);
  // Multiples' selections not found once on the day's cards: published, not proofed, only once confirmed.
  const [unproofedLegs, setUnproofedLegs] = useState<{ body: ContentUploadBody; message: string } | null>(null);
  // The last publication's legs, each with the race it was found in.
  const [publishedLegs, setPublishedLegs] = useState<PublishedLeg[]>([]);
  const today = londonDate(new Date());
  const published = useHistoricalTips(today);
  const publish = usePublishTips();

  const [nap, nb, longshot, multiple1, dailyPreview] = form.watch([
    'nap',
    'nb',
    'longshot',
    'multiples.0.selections',
    'dailyPreview',
  ]);
  // The button waits for the headline tips and the preview; Multiple 1 is required too (the form
  // refuses it at its field), so the hint names it while it is empty.
  const ready = [nap, nb, longshot, dailyPreview].every((v) => v.trim() !== '');
  const stillNeeded = neededBeforePublishing({ nap, nb, longshot, multiple1, dailyPreview });

  function reset() {
    form.reset(blankForm);
    setEditorKey((k) => k + 1); // the editor owns its text: a new one starts empty
    setShowPreview(false);
  }

  function send(body: ContentUploadBody) {
    publish.mutate(body, {
      onSuccess: (result) => {
        toast({ title: 'Tips Published', description: result.message });
        setShortPrices(null);
        setUnproofedLegs(null);
        setPublishedLegs(result.legs);
        reset();
      },
      onError: (err) => {
        const confirm = confirmationField(err);
        if (confirm === 'confirmShortPrices')
          setShortPrices({ body, message: errorMessage(err, 'A tip is advised shorter than its value price.') });
        else if (confirm === 'confirmUnproofedLegs') {
          setShortPrices(null);
          setUnproofedLegs({ body, message: errorMessage(err, 'A selection is not on the day’s cards.') });
        } else
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

  const submit = form.handleSubmit(
    (body) => {
      setShortPrices(null);
      setUnproofedLegs(null);
      setPublishedLegs([]);
      if (published.data) setConfirming(body);
      else send(body);
    },
    (refused) =>
      toast({ variant: 'destructive', title: 'Content Upload Failed', description: refusals(refused).join(' ') }),
  );

  return (
    <div className="contents">
      <Step
        n={2}
        title="Date Banner"
        description="Shown above the tips, e.g. “Saturday 21 November 2026”. Left empty, today’s date is used."
      >
        <Field
          label="Banner date"
          placeholder="Saturday 21 November 2026"
          {...form.register('bannerDate')}
          error={errors.bannerDate?.message}
        />
      </Step>

      <Step n={3} title="Headline Tips">
        <div className="grid gap-4 md:grid-cols-3">
          {HEADLINE_TIPS.map((tip) => (
            <Field
              key={tip.name}
              label={tip.label}
              placeholder={tip.placeholder}
              required
              {...form.register(tip.name)}
              error={errors[tip.name]?.message}
            />
          ))}
        </div>
      </Step>

      <Step
        n={4}
        title="Multiple Bets"
        description="Multiple 1 is required; 2 to 4 are optional. A multiple is published only when it has selections. Each selection is found on today’s cards for its receipt: add its race (“Horse 2:10 Ascot”) when the name runs twice."
      >
        <datalist id="bet-types">
          {Object.values(BET_TYPES).map((t) => (
            <option key={t.label} value={t.label} />
          ))}
        </datalist>
        <div className="grid gap-4 lg:grid-cols-2">
          {MULTIPLES.map((i) => (
            <fieldset key={i} className="grid gap-3 rounded-lg border border-slate-200 p-4">
              <legend className="px-1 text-sm font-bold text-navy-900">
                Multiple {i + 1}
                {i === 0 ? ' (required)' : ' (optional)'}
              </legend>
              <Field
                label={`Multiple ${i + 1} bet type`}
                list="bet-types"
                {...form.register(`multiples.${i}.header`)}
                error={errors.multiples?.[i]?.header?.message}
              />
              <TextArea
                label={`Multiple ${i + 1} selections`}
                rows={3}
                required={i === 0}
                placeholder="Horse A, Horse B, Horse C, Horse D"
                {...form.register(`multiples.${i}.selections`)}
                error={errors.multiples?.[i]?.selections?.message}
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
          <LazyRichTextEditor key={editorKey} value="" label="Daily preview" onChange={preview.field.onChange} />
          {errors.dailyPreview?.message && (
            <FieldError id="daily-preview-error">{errors.dailyPreview.message}</FieldError>
          )}
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
            <PreviewBody text={dailyPreview} fallback="Nothing to preview yet." sanitize={sanitizeArticleHtml} />
          </div>
        )}
      </Step>

      <div className="flex flex-wrap items-center gap-3">
        <Button size="lg" onClick={(e) => void submit(e)} disabled={!ready || publish.isPending}>
          {publish.isPending ? (
            <Loader2 className="h-5 w-5 animate-spin" aria-hidden="true" />
          ) : (
            <Send className="h-5 w-5" aria-hidden="true" />
          )}
          Update Tips & Preview
        </Button>
        {stillNeeded && <p className="text-sm text-slate-600">{stillNeeded}</p>}
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

      {unproofedLegs && (
        <div
          role="alert"
          className="grid gap-3 rounded-lg border border-gold-300 bg-gold-50 p-4 text-sm text-navy-900"
          data-testid="unproofed-legs-warning"
        >
          <p className="font-bold">Not published: a multiple’s selection is not found once on today’s cards</p>
          <p>{unproofedLegs.message}</p>
          <div className="flex flex-wrap gap-2">
            <Button
              onClick={() => send({ ...unproofedLegs.body, confirmUnproofedLegs: true })}
              disabled={publish.isPending}
            >
              Publish Without Proofing Them
            </Button>
            <Button variant="outline" onClick={() => setUnproofedLegs(null)} disabled={publish.isPending}>
              Change the Multiples
            </Button>
          </div>
        </div>
      )}

      <PublishedLegs legs={publishedLegs} />

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
