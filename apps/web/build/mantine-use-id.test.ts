import { fireEvent, render, screen } from '@testing-library/react';
import { createElement, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useId } from '../src/shared/ui/mantine-use-id';
import { mantineStableIds } from './mantine-use-id';

type Resolve = (source: string, importer?: string) => string | null;

describe('mantineStableIds', () => {
  const resolve = mantineStableIds('/app/src/shared/ui/mantine-use-id.ts').resolveId as unknown as Resolve;

  it("sends only @mantine/hooks' own use-id module to the replacement", () => {
    const replaced = resolve('./use-id/use-id.mjs', '/app/node_modules/@mantine/hooks/esm/index.mjs');
    expect(replaced).toBe('/app/src/shared/ui/mantine-use-id.ts');
    expect(resolve('./use-id/use-id.mjs', '/app/src/features/x/index.ts')).toBeNull();
    expect(resolve('./use-idle/use-idle.mjs', '/app/node_modules/@mantine/hooks/esm/index.mjs')).toBeNull();
    expect(resolve('react', undefined)).toBeNull();
  });
});

function Probe({ label, staticId }: { label: string; staticId?: string }) {
  const id = useId(staticId);
  const [renders, setRenders] = useState(0);
  return createElement(
    'button',
    { type: 'button', 'data-testid': label, 'data-id': id, onClick: () => setRenders(renders + 1) },
    `${label} ${renders}`,
  );
}

describe('useId (the build replacement)', () => {
  it('keeps the first id, is unique per component, and honours a given id', () => {
    render(
      createElement('div', null, [
        createElement(Probe, { key: 'a', label: 'a' }),
        createElement(Probe, { key: 'b', label: 'b' }),
        createElement(Probe, { key: 'c', label: 'c', staticId: 'given' }),
      ]),
    );
    const first = screen.getByTestId('a').dataset.id;
    expect(first).toMatch(/^mantine-[\w-]+$/);
    expect(screen.getByTestId('b').dataset.id).not.toBe(first);
    expect(screen.getByTestId('c').dataset.id).toBe('given');

    fireEvent.click(screen.getByTestId('a'));
    expect(screen.getByTestId('a').textContent).toBe('a 1');
    expect(screen.getByTestId('a').dataset.id).toBe(first);
  });
});
