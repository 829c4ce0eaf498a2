import { Outlet } from 'react-router-dom';

export default function Route() {
  return (
    <div className="mx-auto max-w-6xl px-4 pt-24 pb-10">
      <Outlet />
    </div>
  );
}
