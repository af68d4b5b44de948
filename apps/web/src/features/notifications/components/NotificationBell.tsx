import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { DeferredMenu } from '../../../shared/ui/DeferredMenu';
import { useGetUnseenCountQuery } from '../api';
import { useLiveToasts } from '../use-live-toasts';

const loadMenu = () => import('./BellMenu').then((module) => module.BellMenu);

/** What the bell says to a screen reader: the badge is only drawn. */
export function bellLabel(unseen: number): string {
  if (unseen === 0) return 'Notifications';
  return `Notifications, ${unseen > 99 ? 'more than 99' : unseen} unseen`;
}

/**
 * The header bell: a live badge of unseen notifications (the socket invalidates its tag) and a menu of
 * the latest ones, loaded once the page is idle (DeferredMenu). A notification that arrives while the
 * page is open also shows as a toast.
 */
export function NotificationBell() {
  const { data } = useGetUnseenCountQuery();
  const unseen = data?.unseen ?? 0;
  useLiveToasts();
  return (
    <DeferredMenu
      load={loadMenu}
      menuProps={{ unseen }}
      target={
        <ActionIcon variant="subtle" color="gray" size="lg" radius="xl" aria-label={bellLabel(unseen)}>
          <Indicator
            label={unseen > 99 ? '99+' : unseen}
            size={16}
            color="red"
            disabled={unseen === 0}
            offset={2}
            data-testid="notification-badge"
            aria-hidden="true"
          >
            <IconBell size={20} aria-hidden="true" />
          </Indicator>
        </ActionIcon>
      }
    />
  );
}
