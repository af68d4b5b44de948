import {
  dataEnvelope,
  NOTIFICATION_CHANGED,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_TAG,
  NOTIFICATIONS_API,
  notificationCounts,
  notificationIdParams,
  notificationItem,
  notificationList,
  notificationListQuery,
  notificationPreferences,
  notificationsChanged,
  updatePreferencesBody,
} from '@nexus/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { unauthorized } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import type { NotifyContext } from './deliver';
import { sendDueDigests } from './digest';
import { registerNotificationHandlers } from './event-handlers';
import { fanOutBatch } from './fanout';
import { getPreferences, updatePreferences } from './preferences';
import { changeState, countNotifications, listNotifications, markAllRead, markAllSeen } from './service';

function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

const INBOX = `${NOTIFICATIONS_API}/notifications`;
const PREFERENCES = `${NOTIFICATIONS_API}/preferences`;
/** State changes answer to POST and PUT alike: clients differ on which a "mark" action is. */
const WRITE_METHODS = ['POST', 'PUT'] as const;

/**
 * The inbox and its preferences under /api/notifications (issue 16 point 2), the event handlers that
 * fill it, and its jobs (announcement fan-out, digests). Every route is the caller's own: signed in,
 * and someone else's notification is a 404.
 */
export function registerNotifications(app: FastifyInstance, database: Database, origin: string): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;
  const tags = ['notifications'];
  const config = { policy: 'signedIn' } as const;
  const context: NotifyContext = {
    database,
    jobs: app.jobs,
    realtime: app.realtime,
    origin,
    now: () => new Date(),
  };
  registerNotificationHandlers(app.events, context);
  app.jobs.register('notifications.fanout', (batch) => fanOutBatch(context, batch));
  app.jobs.register('notifications.digest', async () => {
    await sendDueDigests(context, new Date());
  });
  // Other tabs and devices of the same person follow a change of state.
  const changed = (userId: number, ids: number[]) =>
    app.realtime.toUser(userId).emit({ type: NOTIFICATION_CHANGED, ids, tags: [NOTIFICATION_TAG] });

  typed.get(
    `${INBOX}/getNotifications`,
    { schema: { querystring: notificationListQuery, response: { 200: notificationList }, tags }, config },
    async (request, reply) => {
      const page = await listNotifications(database, actorOf(request), request.query);
      // The service lists the whitelisted columns itself; sent as JSON without a second validation.
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(JSON.stringify(page));
    },
  );

  typed.get(
    `${INBOX}/getUnseenCount`,
    { schema: { response: { 200: dataEnvelope(notificationCounts) }, tags }, config },
    async (request) => ({ data: await countNotifications(database, actorOf(request)) }),
  );

  typed.route({
    method: [...WRITE_METHODS],
    url: `${INBOX}/markSeen`,
    schema: { response: { 200: dataEnvelope(notificationsChanged) }, tags },
    config,
    handler: async (request) => {
      const actor = actorOf(request);
      const updated = await markAllSeen(db, actor);
      if (updated > 0) changed(actor.userId, []);
      return { data: { updated } };
    },
  });

  typed.route({
    method: [...WRITE_METHODS],
    url: `${INBOX}/markAllRead`,
    schema: { response: { 200: dataEnvelope(notificationsChanged) }, tags },
    config,
    handler: async (request) => {
      const actor = actorOf(request);
      const updated = await markAllRead(db, actor);
      if (updated > 0) changed(actor.userId, []);
      return { data: { updated, message: NOTIFICATION_MESSAGES.markedAllRead } };
    },
  });

  for (const [verb, state] of [
    ['markRead', 'read'],
    ['archive', 'archived'],
  ] as const) {
    typed.route({
      method: [...WRITE_METHODS],
      url: `${INBOX}/${verb}/:id`,
      schema: { params: notificationIdParams, response: { 200: dataEnvelope(notificationItem) }, tags },
      config,
      handler: async (request) => {
        const actor = actorOf(request);
        const item = await changeState(db, actor, request.params.id, state);
        changed(actor.userId, [item.notification_id]);
        return { data: item };
      },
    });
  }

  typed.get(
    `${PREFERENCES}/getPreferences`,
    { schema: { response: { 200: dataEnvelope(notificationPreferences) }, tags }, config },
    async (request) => ({ data: await getPreferences(db, actorOf(request).userId) }),
  );

  typed.route({
    method: [...WRITE_METHODS],
    url: `${PREFERENCES}/updatePreferences`,
    schema: { body: updatePreferencesBody, response: { 200: dataEnvelope(notificationPreferences) }, tags },
    config,
    handler: async (request) => ({
      data: await updatePreferences(db, actorOf(request).userId, request.body),
    }),
  });
}
