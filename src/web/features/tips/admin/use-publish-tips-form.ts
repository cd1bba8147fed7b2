import { useState } from 'react';
import type { z } from 'zod';
import type { FieldErrors } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { londonDate } from '#shared/london-time';
import { publishTipsForm, type ContentUploadBody, type PublishedLeg } from '#shared/schemas/tips';
import { DEFAULT_BET_TYPE } from '#shared/tips-format';
import { toast } from '#web/components/ui/use-toast';
import { confirmationField, errorMessage } from '#web/lib/request';
import { useSchemaForm } from '#web/lib/schema-form';
import { useHistoricalTips, usePublishTips } from '../api';

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

export const MULTIPLES = [0, 1, 2, 3] as const;

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

/** A publication the server held back until the analyst confirms it: the body and the server's reason. */
export interface HeldBack {
  body: ContentUploadBody;
  message: string;
}

/**
 * Publishing the tips with the server's confirmations: replacing today's tips is confirmed first;
 * tips shorter than their value price and multiples' selections not on the day's cards come back
 * held until the analyst confirms them. `onPublished` runs once they are published.
 */
function usePublication(onPublished: () => void) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<ContentUploadBody | null>(null);
  // Tips advised shorter than their value price: the server's warning, published only once confirmed.
  const [shortPrices, setShortPrices] = useState<HeldBack | null>(null);
  // Multiples' selections not found once on the day's cards: published, not proofed, only once confirmed.
  const [unproofedLegs, setUnproofedLegs] = useState<HeldBack | null>(null);
  // The last publication's legs, each with the race it was found in.
  const [publishedLegs, setPublishedLegs] = useState<PublishedLeg[]>([]);
  const today = londonDate(new Date());
  const published = useHistoricalTips(today);
  const publish = usePublishTips();

  function send(body: ContentUploadBody) {
    publish.mutate(body, {
      onSuccess: (result) => {
        toast({ title: 'Tips Published', description: result.message });
        setShortPrices(null);
        setUnproofedLegs(null);
        setPublishedLegs(result.legs);
        onPublished();
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

  /** A checked form: sent, or first confirmed when it replaces today's tips. */
  function start(body: ContentUploadBody) {
    setShortPrices(null);
    setUnproofedLegs(null);
    setPublishedLegs([]);
    if (published.data) setConfirming(body);
    else send(body);
  }

  return {
    published: published.data,
    publish,
    send,
    start,
    confirming,
    setConfirming,
    shortPrices,
    setShortPrices,
    unproofedLegs,
    setUnproofedLegs,
    publishedLegs,
  };
}

/**
 * The state of the tips form: its fields (checked with the server's schema), whether it may be
 * sent yet, and the publication with its confirmations.
 */
export function usePublishTipsForm() {
  const form = useSchemaForm(publishTipsForm, blankForm);
  const [editorKey, setEditorKey] = useState(0);
  const publication = usePublication(() => {
    form.reset(blankForm);
    setEditorKey((k) => k + 1); // the editor owns its text: a new one starts empty
  });

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

  const submit = form.handleSubmit(publication.start, (refused) =>
    toast({ variant: 'destructive', title: 'Content Upload Failed', description: refusals(refused).join(' ') }),
  );

  return { ...publication, form, editorKey, dailyPreview, ready, stillNeeded, submit };
}
