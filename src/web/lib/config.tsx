import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { defaultPublicConfig, type PublicConfig } from '#shared/public-config';
import { parseAnswer } from './request';

/** The server puts the public configuration in <meta name="vbg-config"> (no inline script: strict CSP). */
function readInjectedConfig(): PublicConfig | null {
  if (typeof document === 'undefined') return null;
  const raw = document.querySelector('meta[name="vbg-config"]')?.getAttribute('content');
  if (!raw) return null;
  try {
    return { ...defaultPublicConfig, ...parseAnswer<Partial<PublicConfig>>(raw) };
  } catch {
    return null;
  }
}

const ConfigContext = createContext<PublicConfig>(defaultPublicConfig);

/** `initial`: the server render's configuration (it has no document); the browser reads the meta tag. */
export function ConfigProvider({ children, initial }: { children: ReactNode; initial?: PublicConfig }) {
  const [injected] = useState(() => initial ?? readInjectedConfig());
  const [fetched, setFetched] = useState<PublicConfig | null>(null);

  useEffect(() => {
    // Only the Vite dev server serves index.html without the meta tag.
    if (injected) return;
    let cancelled = false;
    fetch('/api/config', { credentials: 'include', cache: 'no-store' })
      .then(async (res) => (res.ok ? parseAnswer<Partial<PublicConfig>>(await res.text()) : null))
      .then((body) => {
        if (!cancelled && body) setFetched({ ...defaultPublicConfig, ...body });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [injected]);

  return <ConfigContext.Provider value={injected ?? fetched ?? defaultPublicConfig}>{children}</ConfigContext.Provider>;
}

export function useConfig(): PublicConfig {
  return useContext(ConfigContext);
}
