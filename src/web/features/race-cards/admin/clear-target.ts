import { useRef, useState } from 'react';
import type { RaceCardsByDay } from '#shared/schemas/race-cards';
import { errorMessage, getJson } from '#web/lib/request';

/** A clear being confirmed: what was asked for, and the race lists read for it (until then null). */
export interface ClearTarget<K> {
  key: K;
  lists: RaceCardsByDay | null;
  failed: string | null;
}

/**
 * A clear's confirmation describes what the server will clear, never a list loaded earlier: when
 * it opens, the race lists (with which tab is yesterday, today and tomorrow by the server's London
 * clock) are read afresh, and until they are in nothing is counted and nothing can be confirmed.
 */
export function useClearTarget<K>() {
  const [target, setTarget] = useState<ClearTarget<K> | null>(null);
  const asked = useRef(0);

  async function open(key: K) {
    const ask = ++asked.current;
    setTarget({ key, lists: null, failed: null });
    let read: ClearTarget<K>;
    try {
      const lists = await getJson<RaceCardsByDay>('/api/vbg-race-cards');
      read = lists ? { key, lists, failed: null } : { key, lists: null, failed: 'No race cards were returned.' };
    } catch (err) {
      read = { key, lists: null, failed: errorMessage(err, 'The race cards could not be read') };
    }
    // An answer for a confirmation since closed or reopened is not this one's.
    if (ask === asked.current) setTarget(read);
  }

  function close() {
    asked.current++;
    setTarget(null);
  }

  return { target, open: (key: K) => void open(key), close };
}
