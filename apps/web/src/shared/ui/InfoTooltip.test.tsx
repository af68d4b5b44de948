import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithMantine } from '../../test/render';
import { InfoTooltip } from './InfoTooltip';

function setup() {
  renderWithMantine(
    <div>
      <p>Outside text</p>
      <InfoTooltip label="About readiness scores">Scores run from 1 to 5.</InfoTooltip>
    </div>,
  );
  return screen.getByRole('button', { name: 'About readiness scores' });
}

const tip = () => screen.queryByText('Scores run from 1 to 5.');

describe('InfoTooltip (spec section 2)', () => {
  it('is closed at first and its trigger is a labelled, focusable button', async () => {
    const trigger = setup();
    expect(tip()).not.toBeInTheDocument();
    await userEvent.tab();
    expect(trigger).toHaveFocus();
  });

  it('opens on hover and closes when the pointer leaves', async () => {
    const trigger = setup();
    await userEvent.hover(trigger);
    expect(tip()).toBeVisible();
    await userEvent.unhover(trigger);
    await waitFor(() => expect(tip()).not.toBeInTheDocument());
  });

  it('opens on click and stays open after the pointer leaves', async () => {
    const trigger = setup();
    await userEvent.click(trigger);
    expect(tip()).toBeVisible();
    await userEvent.unhover(trigger);
    expect(tip()).toBeVisible();
  });

  it('opens on Enter', async () => {
    setup();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(tip()).toBeVisible();
  });

  it('opens on Space', async () => {
    setup();
    await userEvent.tab();
    await userEvent.keyboard(' ');
    expect(tip()).toBeVisible();
  });

  it('closes on Escape', async () => {
    setup();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(tip()).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(tip()).not.toBeInTheDocument());
  });

  it('closes on an outside click', async () => {
    const trigger = setup();
    await userEvent.click(trigger);
    expect(tip()).toBeVisible();
    fireEvent.mouseDown(screen.getByText('Outside text'));
    await userEvent.click(screen.getByText('Outside text'));
    await waitFor(() => expect(tip()).not.toBeInTheDocument());
  });
});
