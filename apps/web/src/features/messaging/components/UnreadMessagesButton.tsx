import { ActionIcon, Indicator } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { notify } from '../../../shared/ui/notify';
import { usePageSettled } from '../../../shared/ui/use-page-settled';
import { useGetUnreadCountQuery } from '../api';
import { openConversationOf } from '../open-conversation';

/**
 * The header's messages icon: a live unread badge (the socket invalidates UnreadCount) and a toast
 * for each new message (spec section 9), except in the conversation the user has open.
 */
export function UnreadMessagesButton() {
  // The count waits for the page to settle: the page the user came for answers first.
  const settled = usePageSettled();
  const { data } = useGetUnreadCountQuery(undefined, { skip: !settled });
  const location = useLocation();
  const openId = openConversationOf(location.pathname, location.search);
  const lastSeen = useRef<number | null>(null);

  useEffect(() => {
    if (!data) return;
    const newest = data.latest?.message_id ?? 0;
    // The first answer is what was already there: only what arrives afterwards is news.
    if (lastSeen.current === null || newest <= lastSeen.current) {
      lastSeen.current = Math.max(lastSeen.current ?? 0, newest);
      return;
    }
    lastSeen.current = newest;
    if (data.latest && data.latest.conversation_id !== openId) {
      void notify.info(`New message from ${data.latest.sender_name}: ${data.latest.body}`);
    }
  }, [data, openId]);

  const unread = data?.unread ?? 0;
  const label = unread > 0 ? `Messages, ${unread} unread` : 'Messages';
  return (
    // A native title rather than Mantine's Tooltip: the frame paints before any popover code loads.
    <Indicator
      label={unread > 99 ? '99+' : unread}
      size={16}
      color="red"
      disabled={unread === 0}
      offset={4}
      data-testid="unread-messages-badge"
    >
      <ActionIcon component={Link} to="/messages" variant="subtle" size="lg" aria-label={label} title={label}>
        <IconMessageCircle size={20} aria-hidden="true" />
      </ActionIcon>
    </Indicator>
  );
}
