import { AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ReactNode, useMemo } from 'react';
import { Link, Outlet } from 'react-router';
import { MainNav } from '../../features/navigation/components/MainNav';
import { buildMenuTree, DEFAULT_MENU_ITEMS, type MenuItem } from '../../features/navigation/menu-tree';
import { homePath } from '../../shared/session/home-path';
import { BrandMark } from '../../shared/ui/BrandMark';
import { ColorSchemeToggle } from '../../shared/ui/ColorSchemeToggle';
import { useAppSelector } from '../store';
import { UserMenu } from './UserMenu';

interface AppFrameProps {
  /** Menu entries to show; later issues pass the ones the user's privileges allow. */
  menuItems?: readonly MenuItem[];
  /** Content instead of the routed page (tests and previews). */
  children?: ReactNode;
}

/**
 * The application frame every private page renders in: header, navigation and main area
 * (DESIGN section 6). Below the `sm` breakpoint the navigation becomes a drawer behind a burger,
 * so the frame works on 360 px phones.
 */
export function AppFrame({ menuItems = DEFAULT_MENU_ITEMS, children }: AppFrameProps) {
  const [navOpened, { toggle, close }] = useDisclosure(false);
  const tree = useMemo(() => buildMenuTree(menuItems), [menuItems]);
  const isLoggedIn = useAppSelector((state) => state.auth.isLoggedIn);
  const user = useAppSelector((state) => state.auth.user);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={navOpened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
            />
            <Link
              to={homePath({ isLoggedIn, user })}
              aria-label="Nexus home"
              style={{ color: 'inherit', textDecoration: 'none' }}
            >
              <BrandMark size={28} />
            </Link>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <ColorSchemeToggle />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" component="nav" aria-label="Main navigation">
        <MainNav tree={tree} onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main>{children ?? <Outlet />}</AppShell.Main>
    </AppShell>
  );
}
