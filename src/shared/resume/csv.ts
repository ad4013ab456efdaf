import { IMPORT_LIMITS, ImportError } from './import-error.js';

/**
 * RFC 4180 CSV, as LinkedIn writes it: commas, fields in double quotes when they hold a comma,
 * a quote ("" inside) or line breaks, rows ended by CRLF or LF. One pass, no regular
 * expressions, so a hostile file costs time in proportion to its length. Every value stays text:
 * a cell such as `=HYPERLINK(...)` is read as those characters and shown as them, never evaluated.
 */
export function parseCsv(text: string, what: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let index = 0;
  const endField = () => {
    if (field.length > IMPORT_LIMITS.csvFieldChars) {
      throw new ImportError(`${what} has a value longer than any profile field. It was not read.`);
    }
    row.push(field);
    field = '';
    if (row.length > IMPORT_LIMITS.csvCells) {
      throw new ImportError(
        `${what} has a row of more than ${IMPORT_LIMITS.csvCells} values. It was not read.`,
      );
    }
  };
  const endRow = () => {
    endField();
    // A blank line is no row.
    if (row.length > 1 || row[0] !== '') rows.push(row);
    row = [];
    if (rows.length > IMPORT_LIMITS.csvRows) {
      throw new ImportError(
        `${what} has more than ${IMPORT_LIMITS.csvRows} rows. It was not read.`,
      );
    }
  };
  while (index < text.length) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          field += '"';
          index += 2;
          continue;
        }
        quoted = false;
      } else field += char;
      index += 1;
      continue;
    }
    if (char === '"' && field === '') quoted = true;
    else if (char === ',') endField();
    else if (char === '\n') endRow();
    else if (char === '\r') {
      if (text[index + 1] !== '\n') endRow();
    } else field += char;
    index += 1;
  }
  if (quoted) throw new ImportError(`${what} ends inside a quoted value: the file is cut short.`);
  if (field !== '' || row.length > 0) endRow();
  return rows;
}

/**
 * The rows under the header that names `column`, as records by column name. LinkedIn puts a
 * "Notes:" paragraph above the header in some files, so the header is the first row naming it.
 * Missing cells read as ''. Undefined when no row names the column.
 */
export function csvRecords(
  rows: readonly string[][],
  column: string,
): Record<string, string>[] | undefined {
  const wanted = column.toLowerCase();
  const headerAt = rows.findIndex((row) =>
    row.some((cell) => cell.trim().toLowerCase() === wanted),
  );
  if (headerAt === -1) return undefined;
  const header = rows[headerAt]!.map((cell) => cell.trim().toLowerCase());
  return rows.slice(headerAt + 1).map((row) => {
    const record: Record<string, string> = Object.create(null) as Record<string, string>;
    header.forEach((name, position) => {
      if (name !== '' && !(name in record)) record[name] = (row[position] ?? '').trim();
    });
    return record;
  });
}
