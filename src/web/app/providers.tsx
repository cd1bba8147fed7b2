import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from '../lib/config';
import { Toaster } from '../components/ui/toaster';
import { createQueryClient } from './query-client';

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider>
        {children}
        <Toaster />
      </ConfigProvider>
    </QueryClientProvider>
  );
}
