import { describe, expect, it } from 'vitest';
import { menuCreate, menuUpdate, programCreate, programUpdate, unitCreate, unitUpdate } from './index';

const SCRIPTED = [
  'javascript:alert(document.cookie)',
  ' JavaScript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
];

describe('URL fields accept only http(s) (issue 14 part 10)', () => {
  it.each(SCRIPTED)('refuses %s in a program image_url, a unit content.url and a menu path', (value) => {
    expect(programCreate.safeParse({ program_name: 'P', image_url: value }).success).toBe(false);
    expect(programUpdate.safeParse({ image_url: value }).success).toBe(false);
    expect(unitCreate.safeParse({ module_id: 1, unit_name: 'U', content: { url: value } }).success).toBe(
      false,
    );
    expect(unitUpdate.safeParse({ content: { url: value } }).success).toBe(false);
    expect(menuCreate.safeParse({ menu_name: 'M', path: value }).success).toBe(false);
    expect(menuUpdate.safeParse({ path: value }).success).toBe(false);
  });

  it('keeps http(s) addresses, and site paths where a path is meant', () => {
    expect(
      programCreate.safeParse({ program_name: 'P', image_url: 'https://cdn.example/p.png' }).success,
    ).toBe(true);
    expect(
      unitCreate.safeParse({ module_id: 1, unit_name: 'U', content: { url: 'http://v.example/1' } }).success,
    ).toBe(true);
    for (const path of ['/lxp', '/user/home', 'https://help.example/faq'])
      expect(menuCreate.safeParse({ menu_name: 'M', path }).success, path).toBe(true);
    for (const path of ['//evil.example', 'lxp', '/a b', '/\\evil.example'])
      expect(menuCreate.safeParse({ menu_name: 'M', path }).success, path).toBe(false);
    expect(programCreate.safeParse({ program_name: 'P', image_url: '/p.png' }).success).toBe(false);
  });
});
