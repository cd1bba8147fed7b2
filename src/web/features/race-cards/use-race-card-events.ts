import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  applyRaceDayEvent,
  applyRaceDayEventToCard,
  eventNeedsReload,
  eventResultsRace,
  parseRaceCardEvent,
  reconnectDelay,
  rereadDelay,
  type RaceCardEventData,
} from '#shared/race-card-events';
import type { RaceCard } from '#shared/schemas/race-cards';
import type { ValueBoard } from '#shared/schemas/value-board';
import { VALUE_NOW_KEY } from '#web/lib/query-keys';
import { RACE_CARD_KEY, RACE_CARDS_METADATA_KEY, RACE_CARDS_SELECTED_KEY, RACE_LISTS_KEY } from './api';

const RACE_CARD_EVENTS_URL = '/api/vbg-race-cards-events';

/** Reads again, at a random moment of the next few seconds, every query the cards' change touches. */
function rereadAll(queryClient: QueryClient, pending: { timer?: ReturnType<typeof setTimeout> }) {
  if (pending.timer !== undefined) return; // one re-read covers every change until it runs
  pending.timer = setTimeout(() => {
    pending.timer = undefined;
    for (const queryKey of [
      RACE_CARDS_METADATA_KEY,
      RACE_CARDS_SELECTED_KEY,
      RACE_CARD_KEY,
      RACE_LISTS_KEY,
      VALUE_NOW_KEY,
    ])
      void queryClient.invalidateQueries({ queryKey });
  }, rereadDelay(Math.random()));
}

/**
 * Applies a prices or results event to the value board and the open race cards in the page's
 * cache, with no request. A card whose race result changed reads itself again, spread like an upload.
 */
function applyEvent(queryClient: QueryClient, event: RaceCardEventData) {
  queryClient.setQueryData<ValueBoard>(VALUE_NOW_KEY, (board) => board && applyRaceDayEvent(board, event));
  const reread: RaceCard[] = [];
  const onCard = (card: RaceCard) => {
    if (eventResultsRace(card, event)) reread.push(card);
    return applyRaceDayEventToCard(card, event);
  };
  for (const [key, card] of queryClient.getQueriesData<RaceCard>({ queryKey: RACE_CARD_KEY }))
    if (card) queryClient.setQueryData<RaceCard>(key, onCard(card));
  for (const [key, cards] of queryClient.getQueriesData<RaceCard[]>({ queryKey: RACE_CARDS_SELECTED_KEY }))
    if (cards) queryClient.setQueryData<RaceCard[]>(key, cards.map(onCard));
  if (reread.length === 0) return;
  setTimeout(() => {
    void queryClient.invalidateQueries({ queryKey: RACE_CARDS_SELECTED_KEY });
    for (const card of reread) void queryClient.invalidateQueries({ queryKey: [...RACE_CARD_KEY, card.id] });
  }, rereadDelay(Math.random()));
}

/**
 * Live race-card stream (decision 0059): a prices or results event is applied to the page's
 * cache; an upload or update of the cards, or a change too big to carry, reads the metadata, the
 * open race cards, the generator's race lists and the value board again, at a random moment of
 * the next few seconds. A dropped stream reconnects with back-off and jitter, naming the last event
 * it had, so it is sent what it missed.
 */
export function useRaceCardEvents() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let failures = 0;
    let lastEventId = '';
    const pending: { timer?: ReturnType<typeof setTimeout> } = {};

    function connect() {
      // With no network (a member at the course reading saved cards) there is nothing to listen
      // to: the stream opens again when the browser is back online.
      if (!navigator.onLine) return;
      const url = lastEventId
        ? `${RACE_CARD_EVENTS_URL}?lastEventId=${encodeURIComponent(lastEventId)}`
        : RACE_CARD_EVENTS_URL;
      source = new EventSource(url, { withCredentials: true });
      source.onopen = () => {
        failures = 0;
      };
      source.onmessage = (message: MessageEvent<string>) => {
        if (message.lastEventId) lastEventId = message.lastEventId;
        const event = parseRaceCardEvent(message.data);
        if (!event) return;
        if (eventNeedsReload(event)) rereadAll(queryClient, pending);
        else applyEvent(queryClient, event);
      };
      source.onerror = () => {
        source?.close();
        source = null;
        if (!stopped) timer = setTimeout(connect, reconnectDelay(failures++, Math.random()));
      };
    }

    const onOnline = () => {
      if (source || stopped) return;
      clearTimeout(timer);
      connect();
    };
    window.addEventListener('online', onOnline);
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(pending.timer);
      source?.close();
      window.removeEventListener('online', onOnline);
    };
  }, [queryClient]);
}
