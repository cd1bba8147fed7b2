import { useState } from 'react';
import { useController } from 'react-hook-form';
import { Eye, EyeOff } from 'lucide-react';
import { BET_TYPES } from '#shared/proofing/multiples';
import type { publishTipsForm } from '#shared/schemas/tips';
import { Button } from '#web/components/ui/button';
import { Field, FieldError } from '#web/components/ui/input';
import type { SchemaForm } from '#web/lib/schema-form';
import { LazyRichTextEditor } from '#web/components/editor/lazy-editor';
import { sanitizeArticleHtml } from '../../articles/sanitize';
import { PreviewBody } from '../tips-cards';
import { Step } from '#web/components/step';
import { TextArea } from '#web/components/ui/textarea';
import { MULTIPLES } from './use-publish-tips-form';

type TipsForm = SchemaForm<typeof publishTipsForm>;

const HEADLINE_TIPS = [
  { name: 'nap', label: 'NAP', placeholder: 'Horse – 2:10 Ascot (7/1)' },
  { name: 'nb', label: 'NB', placeholder: 'Horse – 3:15 Haydock (9/2)' },
  { name: 'longshot', label: 'Longshot', placeholder: 'Horse – 4:00 Ascot (20/1)' },
] as const;

/** Step 2: the date shown above the tips. */
export function BannerStep({ form }: { form: TipsForm }) {
  return (
    <Step
      n={2}
      title="Date Banner"
      description="Shown above the tips, e.g. “Saturday 21 November 2026”. Left empty, today’s date is used."
    >
      <Field
        label="Banner date"
        placeholder="Saturday 21 November 2026"
        {...form.register('bannerDate')}
        error={form.formState.errors.bannerDate?.message}
      />
    </Step>
  );
}

/** Step 3: NAP, NB and longshot. */
export function HeadlineTipsStep({ form }: { form: TipsForm }) {
  const { errors } = form.formState;
  return (
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
  );
}

/** Step 4: the four multiples, each a bet type and its selections (the first required). */
export function MultiplesStep({ form }: { form: TipsForm }) {
  const { errors } = form.formState;
  return (
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
  );
}

/**
 * Step 5: the daily preview in the article editor, and how it will look. Give it a new `key` to
 * start over empty (the editor owns its text).
 */
export function DailyPreviewStep({ form, text }: { form: TipsForm; text: string }) {
  const preview = useController({ control: form.control, name: 'dailyPreview' });
  const [showPreview, setShowPreview] = useState(false);
  const error = form.formState.errors.dailyPreview?.message;
  return (
    <Step
      n={5}
      title="Daily Preview"
      description="Written like an article: headings, bold, lists and links. It is cleaned again on the server before publishing."
    >
      <div className="grid gap-1.5">
        <p className="text-sm font-semibold text-slate-800" aria-hidden="true">
          Daily preview
        </p>
        <LazyRichTextEditor value="" label="Daily preview" onChange={preview.field.onChange} />
        {error && <FieldError id="daily-preview-error">{error}</FieldError>}
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
          <PreviewBody text={text} fallback="Nothing to preview yet." sanitize={sanitizeArticleHtml} />
        </div>
      )}
    </Step>
  );
}
