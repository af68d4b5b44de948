/** A tiny RFC 4180 reader: commas, quoted fields with "" escapes, CRLF or LF line ends. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((cells) => cells.some((cell) => cell.trim() !== ''));
}

export interface MemberRow {
  line: number;
  email: string;
  role: string;
}
export interface RowError {
  line: number;
  email: string;
  message: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Members to import from "email,role" lines (a header row naming email is skipped). Lines are
 * numbered as in the file; bad lines come back as errors and are not imported.
 */
export function readMemberCsv(text: string): { rows: MemberRow[]; errors: RowError[] } {
  const table = parseCsv(text.replace(/^\uFEFF/, ''));
  const rows: MemberRow[] = [];
  const errors: RowError[] = [];
  table.forEach((cells, index) => {
    const line = index + 1;
    const email = (cells[0] ?? '').trim();
    const role = (cells[1] ?? '').trim();
    if (index === 0 && email.toLowerCase() === 'email') return;
    if (!EMAIL.test(email)) errors.push({ line, email, message: 'Not a valid email address' });
    else if (!role) errors.push({ line, email, message: 'Role is missing' });
    else rows.push({ line, email: email.toLowerCase(), role });
  });
  return { rows, errors };
}
