/**
 * CSV lines (RFC 4180, CRLF) for exports opened in spreadsheets. A cell that a spreadsheet would run as
 * a formula (starting with = + - @, tab or carriage return) is written with a leading apostrophe, so a
 * book title or a name typed by a member can never execute on the admin's machine.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(values: (string | number)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
