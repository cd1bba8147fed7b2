import { useId, useState, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { Eye, EyeOff, Library, Loader2, Send } from 'lucide-react';
import { composeMultiple, DEFAULT_BET_TYPE, MULTIPLE_COUNT } from '../../../../shared/tips-format';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field, Label } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/request';
import { useMoveToLibrary } from '../../back-catalogue/api';
import { usePublishTips } from '../../tips/api';
import { PreviewBody } from '../../tips/tips-cards';
import { AdminRacePreviews } from '../../race-previews/admin-race-previews';
import { MemberEmails } from '../../mail/member-emails';

function TextArea({ label, className, ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string }) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <textarea
        id={id}
        className={cn('block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500', className)}
        {...rest}
      />
    </div>
  );
}

function Step({ n, title, description, children }: { n: number; title: string; description?: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3" size="md" className="flex items-center gap-2">
          <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-navy-900 text-sm text-white">{n}</span>
          {title}
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  );
}

const blankMultiples = () => Array.from({ length: MULTIPLE_COUNT }, () => ({ header: DEFAULT_BET_TYPE, selections: '' }));

/** Spec 02 §2.6 B.1: the morning's tips, multiples and preview, plus yesterday into the archive. */
export function ContentUploadTab() {
  const [bannerDate, setBannerDate] = useState('');
  const [nap, setNap] = useState('');
  const [nb, setNb] = useState('');
  const [longshot, setLongshot] = useState('');
  const [multiples, setMultiples] = useState(blankMultiples);
  const [dailyPreview, setDailyPreview] = useState('');
  const [showPreview, setShowPreview] = useState(false);
  const publish = usePublishTips();
  const moveToLibrary = useMoveToLibrary();

  const ready = [nap, nb, longshot, dailyPreview].every((v) => v.trim() !== '');

  function setMultiple(i: number, patch: Partial<{ header: string; selections: string }>) {
    setMultiples((all) => all.map((m, j) => (j === i ? { ...m, ...patch } : m)));
  }

  function reset() {
    setBannerDate('');
    setNap('');
    setNb('');
    setLongshot('');
    setMultiples(blankMultiples());
    setDailyPreview('');
    setShowPreview(false);
  }

  function submit() {
    const [m1, m2, m3, m4] = multiples.map((m) => composeMultiple(m.header, m.selections));
    publish.mutate(
      { nap, nb, longshot, multiple1: m1, multiple2: m2, multiple3: m3, multiple4: m4, dailyPreview, bannerDate },
      {
        onSuccess: (result) => {
          toast({ title: 'Tips Published', description: result.message });
          reset();
        },
        onError: (err) => toast({ variant: 'destructive', title: 'Content Upload Failed', description: errorMessage(err, 'Could not publish the tips.') }),
      },
    );
  }

  function updateCatalogue() {
    moveToLibrary.mutate(undefined, {
      onSuccess: (result) => toast({ title: 'Back Catalogue Updated', description: result.message }),
      onError: (err) => toast({ variant: 'destructive', title: 'Library Move Failed', description: errorMessage(err, 'Could not update the back catalogue.') }),
    });
  }

  return (
    <div className="grid gap-6">
      <Step n={1} title="Update Back Catalogue" description="Copies yesterday’s tips into the public back catalogue before today’s go live.">
        <div>
          <Button variant="outline" onClick={updateCatalogue} disabled={moveToLibrary.isPending}>
            {moveToLibrary.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Library className="h-4 w-4" aria-hidden="true" />}
            Update Back Catalogue
          </Button>
        </div>
      </Step>

      <Step n={2} title="Date Banner" description="Shown above the tips, e.g. “Saturday 21 November 2026”. Left empty, today’s date is used.">
        <Field label="Banner date" value={bannerDate} onChange={(e) => setBannerDate(e.target.value)} placeholder="Saturday 21 November 2026" />
      </Step>

      <Step n={3} title="Headline Tips">
        <div className="grid gap-4 md:grid-cols-3">
          <Field label="NAP" value={nap} onChange={(e) => setNap(e.target.value)} placeholder="Horse – 2:10 Ascot (7/1)" required />
          <Field label="NB" value={nb} onChange={(e) => setNb(e.target.value)} placeholder="Horse – 3:15 Haydock (9/2)" required />
          <Field label="Longshot" value={longshot} onChange={(e) => setLongshot(e.target.value)} placeholder="Horse – 4:00 Ascot (20/1)" required />
        </div>
      </Step>

      <Step n={4} title="Multiple Bets" description="Multiple 1 is required; 2 to 4 are optional. A multiple is published only when it has selections.">
        <div className="grid gap-4 lg:grid-cols-2">
          {multiples.map((m, i) => (
            <fieldset key={i} className="grid gap-3 rounded-lg border border-slate-200 p-4">
              <legend className="px-1 text-sm font-bold text-navy-900">
                Multiple {i + 1}
                {i === 0 ? ' (required)' : ' (optional)'}
              </legend>
              <Field label={`Multiple ${i + 1} bet type`} value={m.header} onChange={(e) => setMultiple(i, { header: e.target.value })} />
              <TextArea
                label={`Multiple ${i + 1} selections`}
                rows={3}
                value={m.selections}
                onChange={(e) => setMultiple(i, { selections: e.target.value })}
                placeholder="Horse A, Horse B, Horse C, Horse D"
              />
            </fieldset>
          ))}
        </div>
      </Step>

      <Step n={5} title="Daily Preview" description="HTML is allowed (headings, bold, lists, links); it is cleaned before publishing. Plain text works too: leave a blank line between paragraphs.">
        <TextArea
          label="Daily preview"
          rows={14}
          className="min-h-[400px] font-mono text-sm"
          value={dailyPreview}
          onChange={(e) => setDailyPreview(e.target.value)}
          placeholder="<h2>Today’s racing</h2><p>…</p>"
        />
        <div>
          <Button variant="ghost" onClick={() => setShowPreview((s) => !s)} aria-expanded={showPreview}>
            {showPreview ? <EyeOff className="h-4 w-4" aria-hidden="true" /> : <Eye className="h-4 w-4" aria-hidden="true" />}
            {showPreview ? 'Hide Preview' : 'Show Preview'}
          </Button>
        </div>
        {showPreview && (
          <div aria-label="Preview" role="region" className="rounded-lg border border-dashed border-navy-200 bg-slate-50 p-4">
            <PreviewBody text={dailyPreview} fallback="Nothing to preview yet." />
          </div>
        )}
      </Step>

      <div className="flex flex-wrap items-center gap-3">
        <Button size="lg" onClick={submit} disabled={!ready || publish.isPending}>
          {publish.isPending ? <Loader2 className="h-5 w-5 animate-spin" aria-hidden="true" /> : <Send className="h-5 w-5" aria-hidden="true" />}
          Update Tips & Preview
        </Button>
        {!ready && <p className="text-sm text-slate-600">NAP, NB, Longshot and the daily preview are needed before publishing.</p>}
      </div>
      <AdminRacePreviews />
      <MemberEmails />
    </div>
  );
}
