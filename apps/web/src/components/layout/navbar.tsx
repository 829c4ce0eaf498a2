export function Navbar() {
  return <header className="fixed inset-x-0 top-0 z-40 h-16" />;
}
