import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider, type DataRouter } from 'react-router-dom';
import { queryClient } from '@/lib/query-client';
import { sendToLoginWhenSessionEnds } from './session-expired';

export function App({ router }: { router: DataRouter }) {
  useEffect(() => sendToLoginWhenSessionEnds(router, queryClient), [router]);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
