import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { PublicConfig } from '#shared/public-config';
import { ConfigProvider } from '../lib/config';
import { NowProvider } from '../lib/now';
import { LazyToaster } from '../components/ui/lazy-toaster';
import { createQueryClient } from './query-client';

export interface ProvidersProps {
  children: ReactNode;
  /** A client seeded before hydration (main.tsx) or filled by the server render (entry-server.tsx). */
  client?: QueryClient;
  /** The public configuration when there is no document to read it from (the server render). */
  config?: PublicConfig;
  /** The instant the page is rendered for (lib/now.tsx). */
  now?: Date;
}

export function Providers({ children, client, config, now }: ProvidersProps) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  const [startedAt] = useState(() => now ?? new Date());
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider initial={config}>
        <NowProvider value={startedAt}>
          {children}
          <LazyToaster />
        </NowProvider>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
