/**
 * The form of a book id the API accepts (its `z.uuid()` check on `/books/{id}`): a link whose id has
 * another form names no book, and the app says so without asking the server.
 */
const BOOK_ID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

export function isBookId(id: string | undefined): id is string {
  return id !== undefined && BOOK_ID.test(id);
}
