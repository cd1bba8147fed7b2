import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { RACE_CARDS_METADATA_KEY, RACE_CARDS_SELECTED_KEY, RACE_LISTS_KEY } from './api';

const RACE_CARD_EVENTS_URL = '/api/vbg-race-cards-events';
/** Spec 02 §4: after a stream error, reconnect after 5 s. */
const RECONNECT_MS = 5_000;

/**
 * Live race-card stream: an upload or update message reloads the metadata, the open race cards
 * and the generator's race lists (whichever of them the page shows).
 */
export function useRaceCardEvents() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    function connect() {
      source = new EventSource(RACE_CARD_EVENTS_URL, { withCredentials: true });
      source.onmessage = (message: MessageEvent<string>) => {
        let type: unknown;
        try {
          type = (JSON.parse(message.data) as { type?: unknown }).type;
        } catch {
          return;
        }
        if (type === 'upload' || type === 'update') {
          void queryClient.invalidateQueries({ queryKey: RACE_CARDS_METADATA_KEY });
          void queryClient.invalidateQueries({ queryKey: RACE_CARDS_SELECTED_KEY });
          void queryClient.invalidateQueries({ queryKey: RACE_LISTS_KEY });
        }
      };
      source.onerror = () => {
        source?.close();
        source = null;
        if (!stopped) timer = setTimeout(connect, RECONNECT_MS);
      };
    }

    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [queryClient]);
}
