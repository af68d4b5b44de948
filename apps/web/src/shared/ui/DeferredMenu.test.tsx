import { Menu, UnstyledButton } from '@mantine/core';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../test/render';
import { DeferredMenu, type DeferredMenuProps } from './DeferredMenu';

function AccountMenu({ target, opened, onChange }: DeferredMenuProps) {
  return (
    <Menu opened={opened} onChange={onChange} withInitialFocusPlaceholder={false}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item>Account</Menu.Item>
        <Menu.Item>Sign out</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** A menu module whose arrival the test decides, as a slow network would. */
function slowMenu() {
  let arrive = () => {};
  const arrived = new Promise<typeof AccountMenu>((resolve) => {
    arrive = () => resolve(AccountMenu);
  });
  return { load: () => arrived, arrive: () => act(async () => arrive()) };
}

function setup(load: () => Promise<typeof AccountMenu>) {
  renderWithMantine(
    <DeferredMenu load={load} menuProps={{}} target={<UnstyledButton>Account menu</UnstyledButton>} />,
  );
  return () => screen.getByRole('button', { name: 'Account menu' });
}

describe('DeferredMenu (issue 13)', () => {
  it('shows a working trigger before the menu code arrives, and opens the menu pressed meanwhile', async () => {
    const { load, arrive } = slowMenu();
    const trigger = setup(load);
    expect(trigger()).toHaveAttribute('aria-haspopup', 'menu');
    await userEvent.click(trigger());
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await arrive();
    const items = await screen.findAllByRole('menuitem');
    await waitFor(() => expect(document.activeElement).toBe(items[0]));
    // Escape gives the focus back to the trigger, as a menu loaded from the start does.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger()).toHaveFocus());
  });

  it('keeps the focus on the trigger when the code arrives while it is focused', async () => {
    const { load, arrive } = slowMenu();
    const trigger = setup(load);
    await userEvent.tab();
    expect(trigger()).toHaveFocus();
    await arrive();
    await waitFor(() => expect(trigger()).toHaveAttribute('aria-expanded', 'false'));
    expect(trigger()).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('menu')).toBeInTheDocument();
  });

  it('loads nothing until the trigger is pointed at, then opens the menu on a press', async () => {
    const load = vi.fn(async () => AccountMenu);
    const trigger = setup(load);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(load).not.toHaveBeenCalled();
    await userEvent.hover(trigger());
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await userEvent.click(trigger());
    expect(await screen.findByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('opens the menu when the code arrives between the pointer going down and coming up', async () => {
    const { load, arrive } = slowMenu();
    const trigger = setup(load);
    await userEvent.pointer({ keys: '[MouseLeft>]', target: trigger() });
    await arrive();
    await userEvent.pointer({ keys: '[/MouseLeft]', target: trigger() });
    expect(await screen.findByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
  });
});
