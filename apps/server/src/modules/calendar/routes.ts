import {
  CALENDAR_API,
  CALENDAR_MESSAGES,
  calendarFeed,
  calendarFeedCheck,
  calendarFeedParams,
  calendarItemParams,
  calendarItemsAnswer,
  calendarRangeQuery,
  calendarUserList,
  calendarUserParams,
  calendarUserSearchQuery,
  dataEnvelope,
} from '@nexus/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { serverSecret } from '../../auth/keys';
import type { Database } from '../../db/client';
import { notFound, unauthorized } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { perAddress } from '../../kernel/rate-limit';
import { feedOwner, feedToken, resetFeedToken } from './feed';
import { icsFileName, icsOf } from './ics';
import { learningItems } from './learning-source';
import { checkFeed, feedWindow, itemOf, rangeOf, searchUsers } from './service';
import { addCalendarSource, collectItems } from './sources';

function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

function sendIcs(reply: FastifyReply, text: string, disposition: string) {
  return reply
    .header('content-type', 'text/calendar; charset=utf-8')
    .header('content-disposition', disposition)
    .header('cache-control', 'private, no-store')
    .send(text);
}

/**
 * The calendar (issue 16, point 4) under /api/calendar: the signed-in user's items, one item as an
 * .ics file, their secret feed address and its reset, the public feed itself (the token is the
 * credential: no session), and an administrator's check of a user's feed for /test-calendar.
 */
export function registerCalendar(app: FastifyInstance, database: Database, publicOrigin: string): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['calendar'];
  const signedIn = { policy: 'signedIn' } as const;
  const secret = serverSecret(database, 'calendar-feed');
  addCalendarSource('learning', learningItems);

  const feedAddress = (token: string, createdAt: Date) => {
    const url = `${publicOrigin}${CALENDAR_API}/feed/${token}.ics`;
    return { url, webcal_url: url.replace(/^https?:\/\//, 'webcal://'), created_at: createdAt.toISOString() };
  };

  typed.get(
    `${CALENDAR_API}/getItems`,
    {
      schema: { querystring: calendarRangeQuery, response: { 200: calendarItemsAnswer }, tags },
      config: signedIn,
    },
    async (request) => {
      const range = rangeOf(request.query);
      const data = await collectItems(database, actorOf(request).userId, range);
      return {
        data,
        meta: { start: range.start.toISOString(), end: range.end.toISOString(), total: data.length },
      };
    },
  );

  typed.get(
    `${CALENDAR_API}/downloadItem/:uid`,
    { schema: { params: calendarItemParams, tags }, config: signedIn },
    async (request, reply) => {
      const item = await itemOf(database, actorOf(request).userId, request.params.uid);
      const text = icsOf([item], publicOrigin, item.title);
      return sendIcs(reply, text, `attachment; filename="${icsFileName(item)}"`);
    },
  );

  typed.get(
    `${CALENDAR_API}/getFeedUrl`,
    { schema: { response: { 200: dataEnvelope(calendarFeed) }, tags }, config: signedIn },
    async (request) => {
      const { token, created_at } = await feedToken(database, secret, actorOf(request).userId);
      return { data: feedAddress(token, created_at) };
    },
  );

  typed.post(
    `${CALENDAR_API}/resetFeedToken`,
    { schema: { response: { 200: dataEnvelope(calendarFeed) }, tags }, config: signedIn },
    async (request) => {
      const { userId } = actorOf(request);
      const { token, created_at } = await resetFeedToken(database, secret, userId);
      // The user's other tabs and devices show the new address rather than the one that stopped working.
      app.realtime
        .toUser(userId)
        .emit({ type: 'calendar.feed.reset', ids: [userId], tags: ['CalendarFeed'] });
      return { data: feedAddress(token, created_at) };
    },
  );

  // Calendar apps poll the feed; a per-address budget keeps a guessing loop from costing much.
  typed.get(
    `${CALENDAR_API}/feed/:file`,
    {
      schema: { params: calendarFeedParams, tags },
      config: { policy: 'public', rateLimit: perAddress('calendar-feed-ip', 120, 60) },
    },
    async (request, reply) => {
      const token = request.params.file.slice(0, -'.ics'.length);
      const userId = await feedOwner(database, token);
      if (userId === null) throw notFound(CALENDAR_MESSAGES.feedNotFound);
      const items = await collectItems(database, userId, feedWindow());
      return sendIcs(reply, icsOf(items, publicOrigin, 'Nexus'), 'inline; filename="nexus.ics"');
    },
  );

  typed.get(
    `${CALENDAR_API}/getUsers`,
    {
      schema: { querystring: calendarUserSearchQuery, response: { 200: calendarUserList }, tags },
      config: { policy: 'tenantAdmin' },
    },
    async (request) => searchUsers(database, actorOf(request), request.query),
  );

  typed.get(
    `${CALENDAR_API}/checkFeed/:userId`,
    {
      schema: { params: calendarUserParams, response: { 200: dataEnvelope(calendarFeedCheck) }, tags },
      config: { policy: 'tenantAdmin' },
    },
    async (request) => ({
      data: await checkFeed(database, actorOf(request), request.params.userId, publicOrigin),
    }),
  );
}
