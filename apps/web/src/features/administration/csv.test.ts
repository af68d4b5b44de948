import { describe, expect, it } from 'vitest';
import { parseCsv, readMemberCsv } from './csv';

describe('parseCsv', () => {
  it('reads quoted fields, escaped quotes and CRLF', () => {
    expect(parseCsv('a,"b,c","say ""hi"""\r\n1,2,3\n')).toEqual([
      ['a', 'b,c', 'say "hi"'],
      ['1', '2', '3'],
    ]);
  });
});

describe('readMemberCsv', () => {
  it('skips the header and reports bad lines by number', () => {
    const { rows, errors } = readMemberCsv(
      'email,role\nAda@Example.org,member\nnot-an-email,member\nbob@example.org,\n',
    );
    expect(rows).toEqual([{ line: 2, email: 'ada@example.org', role: 'member' }]);
    expect(errors).toEqual([
      { line: 3, email: 'not-an-email', message: 'Not a valid email address' },
      { line: 4, email: 'bob@example.org', message: 'Role is missing' },
    ]);
  });
});
