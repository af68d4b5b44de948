/**
 * Notices of the network: one per connection request, acceptance, comment and first reaction.
 * One file per area (index.ts).
 */
import type { EventDispatcher } from '../../../kernel/events';
import { type NotifyContext, notify } from '../deliver';
import { personName } from './names';

/** Connections and posts. */
export function registerNetworkNotices(events: EventDispatcher, context: NotifyContext): void {
  events.on('network.connection.requested', 'notifications.connection-requested', async (event, tx) => {
    const { requester_id, addressee_id } = event.payload;
    await notify(tx, context, {
      userId: addressee_id,
      tenantId: null,
      category: 'network',
      title: `${await personName(tx, requester_id)} wants to connect with you`,
      body: 'Accept or decline the request on your connections page.',
      link: '/community/connections',
      eventId: event.id,
      handler: 'notifications.connection-requested',
    });
  });

  events.on('network.connection.accepted', 'notifications.connection-accepted', async (event, tx) => {
    const { requester_id, addressee_id } = event.payload;
    await notify(tx, context, {
      userId: requester_id,
      tenantId: null,
      category: 'network',
      title: `${await personName(tx, addressee_id)} accepted your connection request`,
      body: 'You can now message each other and see each other’s posts for connections.',
      link: '/community/my-connections',
      eventId: event.id,
      handler: 'notifications.connection-accepted',
    });
  });

  events.on('post.commented', 'notifications.post-commented', async (event, tx) => {
    const { post_id, author_id, commenter_id } = event.payload;
    await notify(tx, context, {
      userId: author_id,
      tenantId: null,
      category: 'network',
      title: `${await personName(tx, commenter_id)} commented on your post`,
      body: 'Open the post to read and answer.',
      link: `/show-post/${post_id}`,
      eventId: event.id,
      handler: 'notifications.post-commented',
    });
  });

  events.on('post.reacted', 'notifications.post-reacted', async (event, tx) => {
    const { post_id, author_id, reactor_id } = event.payload;
    await notify(tx, context, {
      userId: author_id,
      tenantId: null,
      category: 'network',
      title: `${await personName(tx, reactor_id)} reacted to your post`,
      body: 'See who else reacted on the post.',
      link: `/show-post/${post_id}`,
      eventId: event.id,
      handler: 'notifications.post-reacted',
    });
  });
}
