import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { router } from '@/app/router';
import { Toaster } from '@/components/ui/toaster';
import { setNavigate } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import './index.css';
import '@/lib/theme';

setNavigate((to) => router.navigate(to));

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>
  </StrictMode>,
);
