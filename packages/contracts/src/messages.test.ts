import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import { readSpec } from './spec-text';

const spec = readSpec();

function section(title: string, next: string): string {
  return spec.slice(spec.indexOf(title), spec.indexOf(next));
}

/** Quoted messages of sections 5 and 8 (single-quoted in the spec), plus the 404 text of section 2. */
function quotedMessages(text: string): string[] {
  return [...text.matchAll(/(?<![A-Za-z])'([^']{3,})'(?![A-Za-z])/g)].map((match) => match[1]!);
}

describe('messages', () => {
  const catalogue = new Set<string>(Object.values(MESSAGES));

  it('holds every message of spec sections 5 and 8 verbatim', () => {
    const quoted = [
      ...quotedMessages(section('## 5. Validation rules', '## 6. Roles')),
      ...quotedMessages(section('## 8. Error catalogue', '## 9. Business')),
    ];
    expect(quoted.length).toBeGreaterThan(10);
    const missing = quoted.filter((message) => !catalogue.has(message));
    expect(missing).toEqual([]);
  });

  it('holds the shared screens texts of section 2', () => {
    expect(spec).toContain(MESSAGES.notFoundPage);
    expect(spec).toContain(MESSAGES.unexpectedApplicationError);
    expect(MESSAGES.goToHomepage).toBe('Go to Homepage');
  });
});
