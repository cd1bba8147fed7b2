import { Layers, Star, Target, TrendingUp } from 'lucide-react';
import type { HistoricalTips } from '#shared/schemas/tips';
import { looksLikeHtml, plainTextParagraphs, splitMultiple } from '#shared/tips-format';
import { cn } from '#web/lib/cn';

const NO_PREVIEW = 'No daily preview available today.';

/** The three headline tips, in their order, each with its card's look. */
const HEADLINES = [
  {
    key: 'nap',
    title: 'NAP',
    subtitle: 'Best of the day',
    accent: 'border-2 border-gold-400',
    icon: <Star className="h-5 w-5 text-gold-700" aria-hidden="true" />,
  },
  {
    key: 'nb',
    title: 'NB',
    subtitle: 'Next best',
    accent: 'border-navy-200',
    icon: <Target className="h-5 w-5 text-navy-700" aria-hidden="true" />,
  },
  {
    key: 'longshot',
    title: 'Longshot',
    subtitle: 'Each-way value',
    accent: 'border-emerald-300',
    icon: <TrendingUp className="h-5 w-5 text-emerald-700" aria-hidden="true" />,
  },
] as const;

/** NAP, NB and Longshot side by side on wide screens, stacked on a phone; "No NAP selection today" for an empty one. */
function HeadlineTips({ tips }: { tips: Pick<HistoricalTips, 'nap' | 'nb' | 'longshot'> }) {
  return (
    <div className="grid gap-4 md:grid-cols-3">
      {HEADLINES.map(({ key, title, subtitle, accent, icon }) => {
        const value = tips[key].trim();
        return (
          <section
            key={key}
            aria-label={title}
            className={cn('flex flex-col rounded-xl border bg-white shadow-sm', accent)}
          >
            <header className="flex items-center gap-2 border-b border-inherit px-4 py-3">
              {icon}
              <h2 className="text-lg font-bold text-navy-900">{title}</h2>
              <span className="ml-auto text-xs font-semibold uppercase tracking-wide text-slate-600">{subtitle}</span>
            </header>
            <p
              className={cn(
                'whitespace-pre-line px-4 py-4 text-base',
                value ? 'font-semibold text-slate-900' : 'italic text-slate-600',
              )}
            >
              {value || `No ${title} selection today`}
            </p>
          </section>
        );
      })}
    </div>
  );
}

/** Up to four multiples; a card only for those with text ("label: description"). */
function MultipleCards({ multiples }: { multiples: string[] }) {
  const parts = multiples.map((m) => splitMultiple(m)).filter((p) => p !== null);
  if (parts.length === 0) return null;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {parts.map((p, i) => (
        <section
          key={i}
          aria-label={`Multiple ${i + 1}`}
          className="rounded-xl border border-slate-200 bg-white shadow-sm"
        >
          <header className="flex items-center gap-2 border-b border-slate-200 px-4 py-3">
            <Layers className="h-5 w-5 text-navy-700" aria-hidden="true" />
            <h2 className="text-base font-bold text-navy-900">{p.label}</h2>
            <span className="ml-auto text-xs font-semibold uppercase tracking-wide text-slate-600">
              Multiple {i + 1}
            </span>
          </header>
          <p className="whitespace-pre-line px-4 py-4 text-slate-900">{p.description}</p>
        </section>
      ))}
    </div>
  );
}

const richText =
  'text-slate-800 leading-relaxed [&_a]:text-navy-700 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-gold-400 [&_blockquote]:pl-4 [&_blockquote]:italic ' +
  '[&_h1]:mb-3 [&_h1]:text-2xl [&_h1]:font-bold [&_h1]:text-navy-900 [&_h2]:mb-2 [&_h2]:mt-4 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-navy-900 ' +
  '[&_h3]:mb-2 [&_h3]:mt-3 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-navy-900 [&_img]:max-w-full [&_li]:mb-1 [&_ol]:mb-3 [&_ol]:list-decimal [&_ol]:pl-6 ' +
  '[&_p]:mb-3 [&_ul]:mb-3 [&_ul]:list-disc [&_ul]:pl-6 [&>*:first-child]:mt-0 [&>*:last-child]:mb-0';

/**
 * The preview: HTML, or plain text where blank lines make paragraphs. The tips API's HTML has
 * passed the allow-list on the server, when it was published and again as it is read
 * (`toHistoricalTips`), so the pages show it as given and carry no sanitizer of their own; text
 * that has not been through the server (the analyst's preview before publishing) names its
 * `sanitize`.
 */
export function PreviewBody({
  text,
  fallback = NO_PREVIEW,
  sanitize = (html: string) => html,
}: {
  text: string;
  fallback?: string;
  sanitize?: (html: string) => string;
}) {
  const value = text.trim();
  if (!value) return <p className="italic text-slate-600">{fallback}</p>;
  if (looksLikeHtml(value)) {
    const html = sanitize(value);
    return <div className={richText} dangerouslySetInnerHTML={{ __html: html }} />;
  }
  return (
    <div className={richText}>
      {plainTextParagraphs(value).map((p, i) => (
        <p key={i} className="whitespace-pre-line">
          {p}
        </p>
      ))}
    </div>
  );
}

function DailyPreviewCard({ text }: { text: string }) {
  return (
    <section aria-labelledby="daily-preview-heading" className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <header className="border-b border-slate-200 px-4 py-3 sm:px-6">
        <h2 id="daily-preview-heading" className="text-lg font-bold text-navy-900">
          Daily Preview
        </h2>
      </header>
      <div className="px-4 py-4 sm:px-6">
        <PreviewBody text={text} />
      </div>
    </section>
  );
}

/** All the cards of a tips record (daily page, historical page and the admin preview). */
export function TipsCards({ tips }: { tips: HistoricalTips }) {
  return (
    <div className="grid gap-6">
      <HeadlineTips tips={tips} />
      <MultipleCards multiples={[tips.multiplesBet1, tips.multiplesBet2, tips.multiplesBet3, tips.multiplesBet4]} />
      <DailyPreviewCard text={tips.dailyPreview} />
    </div>
  );
}

/** Sized like the cards so nothing jumps when the data arrives. */
export function TipsCardsSkeleton() {
  return (
    <div className="grid gap-6" aria-hidden="true">
      <div className="grid gap-4 md:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-32 animate-pulse rounded-xl bg-slate-200" />
        ))}
      </div>
      <div className="h-28 animate-pulse rounded-xl bg-slate-200" />
      <div className="h-64 animate-pulse rounded-xl bg-slate-200" />
    </div>
  );
}
