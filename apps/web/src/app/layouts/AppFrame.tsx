import { AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Fragment, memo, type ReactNode, useEffect, useMemo, useRef } from 'react';
import { Link, Outlet } from 'react-router';
import { UnreadMessagesButton } from '../../features/messaging';
import {
  buildMenuTree,
  MainNav,
  type MenuItem,
  useAdminMenuItems,
  useRoleMenus,
  withAdminMenu,
} from '../../features/navigation';
import { NotificationBell } from '../../features/notifications';
import { homePath, tenantHomePath } from '../../shared/session/home-path';
import { BrandMark } from '../../shared/ui/BrandMark';
import { ColorSchemeToggle } from '../../shared/ui/ColorSchemeToggle';
import { ReconnectingNotice } from '../realtime/ReconnectingNotice';
import { useRealtime } from '../realtime/use-realtime';
import { useAppSelector } from '../store';
import { TenantSwitcher } from '../tenancy/TenantSwitcher';
import { useTenancy } from '../tenancy/use-tenancy';
import { InFrameContext } from './frame-context';
import { UserMenu } from './UserMenu';

interface AppFrameProps {
  /** Menu entries to show instead of the ones the active role's privileges grant (tests, previews). */
  menuItems?: readonly MenuItem[];
  /** Content instead of the routed page (tests and previews). */
  children?: ReactNode;
}

/**
 * The application frame every private page renders in: header, navigation and main area
 * (DESIGN section 6). Below the `sm` breakpoint the navigation becomes a drawer behind a burger,
 * so the frame works on 360 px phones. The navigation shows the menus the active role's privileges
 * grant (spec section 6); a user with tenant roles switches organisation from the header.
 */
/**
 * Each part of the frame subscribes to its own slice of the store and is memoised, so a response that
 * changes one part (the menus, the tenants, a badge) re-renders that part and not the whole frame and
 * its page: on a throttled phone every whole-frame render cost some 100 ms of main thread (issue 13).
 */
/** Below Mantine's `sm` breakpoint, where the AppShell collapses the navbar into a drawer. */
const PHONE_QUERY = '(max-width: 47.99em)';

const RoutedPage = memo(function RoutedPage() {
  return <Outlet />;
});

/** The frame's live socket and tenancy, kept out of the frame so their state changes render only this. */
const FrameConnections = memo(function FrameConnections() {
  useTenancy();
  // The live socket of the signed-in frame; its code loads after the page has painted.
  const realtime = useRealtime();
  return <ReconnectingNotice status={realtime} />;
});

/** Loads the role's menus and privileges always (other parts read them); draws them when `shown`. */
const FrameNav = memo(function FrameNav({
  menuItems,
  onNavigate,
  shown,
}: {
  menuItems?: readonly MenuItem[];
  onNavigate: () => void;
  shown: boolean;
}) {
  const granted = useRoleMenus();
  const admin = useAdminMenuItems();
  const tree = useMemo(
    () => buildMenuTree(withAdminMenu(menuItems ?? granted, admin)),
    [menuItems, granted, admin],
  );
  return shown ? <MainNav tree={tree} onNavigate={onNavigate} /> : null;
});

const HeaderTools = memo(function HeaderTools() {
  return (
    <>
      <FrameConnections />
      <TenantSwitcher />
      <UnreadMessagesButton />
      <NotificationBell />
      <ColorSchemeToggle />
      <UserMenu />
    </>
  );
});

export function AppFrame({ menuItems, children }: AppFrameProps) {
  const [navOpened, { toggle, close }] = useDisclosure(false);
  const burger = useRef<HTMLButtonElement>(null);
  // The phone menu closes on Escape like any overlay, and gives the focus back to its burger.
  useEffect(() => {
    if (!navOpened) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      burger.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [navOpened, close]);
  // On a phone the navigation is a closed drawer: it is built when first opened, not with the page
  // (its menus re-render as they load, main-thread time a phone's first seconds cannot spare).
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const navOpenedOnce = useRef(false);
  if (navOpened) navOpenedOnce.current = true;
  const showNav = !phone || navOpenedOnce.current;
  const isLoggedIn = useAppSelector((state) => state.auth.isLoggedIn);
  const user = useAppSelector((state) => state.auth.user);
  // One field per selector: the whole auth slice would re-render the frame on every session change.
  const roleContext = useAppSelector((state) => state.auth.roleContext);
  const currentTenant = useAppSelector((state) => state.auth.currentTenant);
  const currentRole = useAppSelector((state) => state.auth.currentRole);
  // Inside a tenant the brand leads to the tenant's landing page (spec section 4).
  const home =
    roleContext === 'tenant' && currentTenant && currentRole
      ? tenantHomePath(currentTenant, currentRole)
      : homePath({ isLoggedIn, user });

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
              ref={burger}
              opened={navOpened}
              aria-expanded={navOpened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
            />
            <Link to={home} aria-label="Nexus home" style={{ color: 'inherit', textDecoration: 'none' }}>
              <BrandMark size={28} nameFrom="xs" />
            </Link>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <HeaderTools />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" component="nav" aria-label="Main navigation">
        <FrameNav menuItems={menuItems} onNavigate={close} shown={showNav} />
      </AppShell.Navbar>
      <AppShell.Main>
        {/* A new scope (main platform or a tenant) remounts the page, so it asks the server again. */}
        <Fragment key={roleContext === 'tenant' ? `tenant-${currentTenant?.tenant_id}` : 'main'}>
          <InFrameContext.Provider value={true}>{children ?? <RoutedPage />}</InFrameContext.Provider>
        </Fragment>
      </AppShell.Main>
    </AppShell>
  );
}
