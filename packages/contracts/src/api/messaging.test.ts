import { describe, expect, it } from 'vitest';
import { createMessageBody, MESSAGING_LIMITS, stripMarkup } from './messaging';

describe('message text', () => {
  it('strips tags and comments, including ones that reassemble, and keeps plain text as typed', () => {
    expect(stripMarkup('<b>bold</b> and <a href="x" onclick="y">link</a>')).toBe('bold and link');
    expect(stripMarkup('<scr<script>ipt>alert(1)</scr</script>ipt>')).toBe('alert(1)');
    expect(stripMarkup('<!-- hidden -->shown')).toBe('shown');
    expect(stripMarkup('1 < 2 and 3 > 2, &amp; <3')).toBe('1 < 2 and 3 > 2, &amp; <3');
  });

  it('refuses a message that is empty once markup and spaces are gone, or too long', () => {
    const parse = (body: string) => createMessageBody.safeParse({ conversation_id: 1, body });
    expect(parse('  <p> </p> ').success).toBe(false);
    expect(parse('x'.repeat(MESSAGING_LIMITS.bodyMax + 1)).success).toBe(false);
    expect(parse(' hi ').data?.body).toBe('hi');
  });
});
