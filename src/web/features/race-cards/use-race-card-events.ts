import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { RACE_CARD_EVENT_TYPES, type RaceCardEventType } from '#shared/race-card-events';
import { VALUE_NOW_KEY } from '#web/lib/query-keys';
import { RACE_CARD_KEY, RACE_CARDS_METADATA_KEY, RACE_CARDS_SELECTED_KEY, RACE_LISTS_KEY } from './api';

const RACE_CARD_EVENTS_URL = '/api/vbg-race-cards-events';
/** After a stream error, reconnect after 5 s. */
const RECONNECT_MS = 5_000;

/**
 * Live race-card stream: an upload, update, prices or results message reloads the metadata, the
 * open race cards, the generator's race lists and the value board (whichever of them the page shows).
 */
export function useRaceCardEvents() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    function connect() {
      // With no network (a member at the course reading saved cards) there is nothing to listen
      // to: the stream opens again when the browser is back online.
      if (!navigator.onLine) return;
      source = new EventSource(RACE_CARD_EVENTS_URL, { withCredentials: true });
      source.onmessage = (message: MessageEvent<string>) => {
        let type: unknown;
        try {
          type = (JSON.parse(message.data) as { type?: unknown }).type;
        } catch {
          return;
        }
        if (RACE_CARD_EVENT_TYPES.includes(type as RaceCardEventType)) {
          void queryClient.invalidateQueries({ queryKey: RACE_CARDS_METADATA_KEY });
          void queryClient.invalidateQueries({ queryKey: RACE_CARDS_SELECTED_KEY });
          void queryClient.invalidateQueries({ queryKey: RACE_CARD_KEY });
          void queryClient.invalidateQueries({ queryKey: RACE_LISTS_KEY });
          void queryClient.invalidateQueries({ queryKey: VALUE_NOW_KEY });
        }
      };
      source.onerror = () => {
        source?.close();
        source = null;
        if (!stopped) timer = setTimeout(connect, RECONNECT_MS);
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
      source?.close();
      window.removeEventListener('online', onOnline);
    };
  }, [queryClient]);
}
