/** The library's title and line; index.html shows the same markup before the app has started. */
export function LibraryHeader() {
  return (
    <header className="mb-8">
      <h1 className="font-serif text-3xl font-bold text-stone-900 sm:text-4xl">Library</h1>
      <p className="mt-2 text-stone-600">Browse every book in the store: search, filter by price or category.</p>
    </header>
  );
}
