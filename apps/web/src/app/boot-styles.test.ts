import { afterEach, describe, expect, it } from 'vitest';
import { moveBootStylesToHead } from './boot-styles';

const sheets = (parent: Element) =>
  [...parent.querySelectorAll('link[rel="stylesheet"]')].map((link) => link.getAttribute('href'));

function link(href: string): HTMLLinkElement {
  const element = document.createElement('link');
  element.rel = 'stylesheet';
  element.href = href;
  return element;
}

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('moveBootStylesToHead', () => {
  it('moves the sheets after the boot screen into the head, in order, ahead of a lazy chunk sheet', () => {
    document.head.append(link('/assets/ExplorePage.css'));
    document.body.innerHTML = '<div id="root"><div class="boot"></div></div>';
    document.body.append(link('/assets/Stack.css'), link('/assets/web.css'));
    moveBootStylesToHead();
    expect(sheets(document.head)).toEqual([
      '/assets/Stack.css',
      '/assets/web.css',
      '/assets/ExplorePage.css',
    ]);
    expect(sheets(document.body)).toEqual([]);
    expect(document.getElementById('root')).not.toBeNull();
  });

  it('appends them to an empty head and leaves a page without them alone', () => {
    document.body.append(link('/assets/web.css'));
    moveBootStylesToHead();
    expect(sheets(document.head)).toEqual(['/assets/web.css']);
    moveBootStylesToHead();
    expect(sheets(document.head)).toEqual(['/assets/web.css']);
  });
});
