export function Footer() {
  return <footer className="border-t border-stone-200 py-8" />;
}
