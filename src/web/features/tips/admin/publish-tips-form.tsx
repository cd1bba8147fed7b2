import { Loader2, Send } from 'lucide-react';
import type { ContentUploadBody } from '#shared/schemas/tips';
import { Button } from '#web/components/ui/button';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { PublishedLegs } from './published-legs';
import { BannerStep, DailyPreviewStep, HeadlineTipsStep, MultiplesStep } from './publish-tips-steps';
import { usePublishTipsForm, type HeldBack } from './use-publish-tips-form';

/**
 * Steps 2 to 5 of Content Upload: banner, headline tips, multiples and the
 * daily preview in the article editor. The form is checked with the server's own schema before
 * anything is sent (a refusal shows at its field, which takes the focus), and replacing tips
 * already published today is confirmed first, naming them.
 */
export function PublishTipsForm() {
  const tips = usePublishTipsForm();
  const { published, publish, send } = tips;
  const busy = publish.isPending;

  return (
    <div className="contents">
      <BannerStep form={tips.form} />
      <HeadlineTipsStep form={tips.form} />
      <MultiplesStep form={tips.form} />
      <DailyPreviewStep key={tips.editorKey} form={tips.form} text={tips.dailyPreview} />

      <div className="flex flex-wrap items-center gap-3">
        <Button size="lg" onClick={(e) => void tips.submit(e)} disabled={!tips.ready || busy}>
          {busy ? (
            <Loader2 className="h-5 w-5 animate-spin" aria-hidden="true" />
          ) : (
            <Send className="h-5 w-5" aria-hidden="true" />
          )}
          Update Tips & Preview
        </Button>
        {tips.stillNeeded && <p className="text-sm text-slate-600">{tips.stillNeeded}</p>}
        {tips.ready && published && (
          <p className="text-sm text-slate-700">Tips are already published today: publishing replaces them.</p>
        )}
      </div>

      {tips.shortPrices && (
        <HeldBackWarning
          testId="short-price-warning"
          title="Not published: a tip is advised shorter than its value price"
          heldBack={tips.shortPrices}
          confirmLabel="Publish Anyway"
          cancelLabel="Change the Tips"
          busy={busy}
          onConfirm={(body) => send({ ...body, confirmShortPrices: true })}
          onCancel={() => tips.setShortPrices(null)}
        />
      )}

      {tips.unproofedLegs && (
        <HeldBackWarning
          testId="unproofed-legs-warning"
          title="Not published: a multiple’s selection is not found once on today’s cards"
          heldBack={tips.unproofedLegs}
          confirmLabel="Publish Without Proofing Them"
          cancelLabel="Change the Multiples"
          busy={busy}
          onConfirm={(body) => send({ ...body, confirmUnproofedLegs: true })}
          onCancel={() => tips.setUnproofedLegs(null)}
        />
      )}

      <PublishedLegs legs={tips.publishedLegs} />

      <ConfirmDialog
        open={tips.confirming !== null}
        title="Replace today’s tips?"
        description={
          published
            ? `This replaces today's published tips (NAP ${published.nap}; NB ${published.nb}; Longshot ${published.longshot}) and their daily preview. Members see the new ones at once, and today's pending tip records follow them.`
            : ''
        }
        confirmLabel="Replace Tips"
        busyLabel="Publishing..."
        destructive
        busy={busy}
        onConfirm={() => tips.confirming && send(tips.confirming)}
        onCancel={() => tips.setConfirming(null)}
      />
    </div>
  );
}

/** The server held the tips back until the analyst confirms: why, and the two ways on. */
function HeldBackWarning({
  testId,
  title,
  heldBack,
  confirmLabel,
  cancelLabel,
  busy,
  onConfirm,
  onCancel,
}: {
  testId: string;
  title: string;
  heldBack: HeldBack;
  confirmLabel: string;
  cancelLabel: string;
  busy: boolean;
  onConfirm: (body: ContentUploadBody) => void;
  onCancel: () => void;
}) {
  return (
    <div
      role="alert"
      className="grid gap-3 rounded-lg border border-gold-300 bg-gold-50 p-4 text-sm text-navy-900"
      data-testid={testId}
    >
      <p className="font-bold">{title}</p>
      <p>{heldBack.message}</p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => onConfirm(heldBack.body)} disabled={busy}>
          {confirmLabel}
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
      </div>
    </div>
  );
}
