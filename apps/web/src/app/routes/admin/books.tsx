export default function Route() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="font-serif text-3xl font-bold">Books Management</h1>
    </section>
  );
}
