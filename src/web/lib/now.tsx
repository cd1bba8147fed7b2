import { createContext, useContext, useEffect, useState } from 'react';

/**
 * "Now" for rendering (today's date, the current month, the footer's year): one instant for the
 * whole page, so a server-rendered page and its hydration agree. On a server-rendered page it is
 * the server's clock, sent with the page's data (app/ssr-data.ts); otherwise the browser's clock
 * when the app started. Business decisions stay on the server; this only decides what is shown.
 * A render never reads the device's clock itself (`new Date()`, `Date.now()`): what it shows is a
 * function of its data and this value, so the server's HTML and the browser's hydration agree.
 */
const NowContext = createContext<Date | null>(null);

export const NowProvider = NowContext.Provider;

export function useNow(): Date {
  return useContext(NowContext) ?? new Date();
}

/** How often `useTickingNow` moves on. */
const TICK_MS = 60_000;

/**
 * "Now" for what must follow the time while a page stays open (the next race off): the page's
 * "now" for the first render, so a hydration matches the server's HTML, then the device's clock,
 * read in an effect after mounting and every minute.
 */
export function useTickingNow(): Date {
  const start = useNow();
  const [now, setNow] = useState(start);
  useEffect(() => {
    const tick = () => setNow(new Date());
    tick();
    const timer = setInterval(tick, TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}
