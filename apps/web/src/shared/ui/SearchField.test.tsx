import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../test/render';
import { SearchField } from './SearchField';

function Harness({ initial = '', hideLabel = false }: { initial?: string; hideLabel?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <SearchField
        label="Search members"
        hideLabel={hideLabel}
        placeholder="Name, username or headline"
        value={value}
        onChange={setValue}
      />
      <output>{`value: ${value}`}</output>
    </>
  );
}

describe('SearchField', () => {
  it('is a searchbox named by its visible label, with the placeholder', () => {
    renderWithMantine(<Harness />);
    const box = screen.getByRole('searchbox', { name: 'Search members' });
    expect(box).toHaveAttribute('placeholder', 'Name, username or headline');
    expect(screen.getByText('Search members')).toBeVisible();
  });

  it('can be named for assistive technology only', () => {
    renderWithMantine(<Harness hideLabel />);
    expect(screen.getByRole('searchbox', { name: 'Search members' })).toBeInTheDocument();
    expect(screen.queryByText('Search members')).not.toBeInTheDocument();
  });

  it('passes each keystroke to onChange', async () => {
    const onChange = vi.fn();
    renderWithMantine(<SearchField label="Search" value="" onChange={onChange} />);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'a');
    expect(onChange).toHaveBeenCalledWith('a');
  });

  it('shows a clear button only while it holds text, and clearing puts focus back in the field', async () => {
    renderWithMantine(<Harness />);
    const box = screen.getByRole('searchbox', { name: 'Search members' });
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();

    await userEvent.type(box, 'ada');
    expect(screen.getByText('value: ada')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(box).toHaveValue('');
    expect(screen.getByText('value:')).toBeInTheDocument();
    expect(box).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
  });

  it('clears on Escape, and lets Escape through when already empty', async () => {
    const outer = vi.fn();
    renderWithMantine(
      // biome-ignore lint/a11y/noStaticElementInteractions: stands in for a dialog that closes on Escape.
      <div onKeyDown={(event) => event.key === 'Escape' && outer()}>
        <Harness initial="lovelace" />
      </div>,
    );
    const box = screen.getByRole('searchbox', { name: 'Search members' });
    box.focus();
    await userEvent.keyboard('{Escape}');
    expect(box).toHaveValue('');
    expect(outer).not.toHaveBeenCalled();

    await userEvent.keyboard('{Escape}');
    expect(outer).toHaveBeenCalledTimes(1);
  });
});
