import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from '../lib/config';
import { LazyToaster } from '../components/ui/lazy-toaster';
import { createQueryClient } from './query-client';

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider>
        {children}
        <LazyToaster />
      </ConfigProvider>
    </QueryClientProvider>
  );
}
