import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter, navigate } from '@/app/router';
import { Toaster } from '@/components/ui/toaster';
import { getStoredUser, setNavigate } from '@/lib/auth';
import { applyLanguage, resolveLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import './index.css';
import '@/lib/theme';

setNavigate(navigate);
// The first screen already in the person's language and formats (lib/i18n.ts).
void applyLanguage(resolveLanguage(getStoredUser()?.language), getStoredUser()?.timeFormat ?? null);

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      {/* A screen waits here, blank, the moment its words are fetched (lib/i18n.ts). */}
      <Suspense fallback={null}>
        <AppRouter />
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  </StrictMode>,
);
