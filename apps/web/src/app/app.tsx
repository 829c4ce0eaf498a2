import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { queryClient } from '@/lib/query-client';
import { createRouter } from './router';
import { sendToLoginWhenSessionEnds } from './session-expired';

export function App() {
  const [router] = useState(createRouter);
  useEffect(() => sendToLoginWhenSessionEnds(router, queryClient), [router]);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
