import { createContext, useContext } from 'react';

/**
 * "Now" for rendering (today's date, the current month, the footer's year): one instant for the
 * whole page, so a server-rendered page and its hydration agree. On a server-rendered page it is
 * the server's clock, sent with the page's data (app/ssr-data.ts); otherwise the browser's clock
 * when the app started. Business decisions stay on the server; this only decides what is shown.
 */
const NowContext = createContext<Date | null>(null);

export const NowProvider = NowContext.Provider;

export function useNow(): Date {
  return useContext(NowContext) ?? new Date();
}
