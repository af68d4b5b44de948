import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { DeferredMenu } from '../../../shared/ui/DeferredMenu';
import { usePageSettled } from '../../../shared/ui/use-page-settled';
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
 * the latest ones, loaded when the bell is pointed at, focused or pressed (DeferredMenu). Both wait
 * until the page has settled. A notification that arrives while the
 * page is open also shows as a toast.
 */
export function NotificationBell() {
  const settled = usePageSettled();
  const { data } = useGetUnseenCountQuery(undefined, { skip: !settled });
  const unseen = data?.unseen ?? 0;
  useLiveToasts(!settled);
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
