import { Link, isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { paths } from '@/config/paths';

export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="font-serif text-3xl font-bold">{notFound ? 'Page not found' : 'Something went wrong'}</h1>
      <p className="text-stone-600">
        {notFound ? 'This page does not exist.' : 'Please reload the page. If it keeps happening, try again later.'}
      </p>
      <Link to={paths.home} className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
        Back to Home
      </Link>
    </div>
  );
}
