import { CONVERSATION_ROOM } from '@nexus/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { RateLimits } from '../../kernel/rate-limit';
import { grantFileReads } from '../files';
import { realtimeEmitter } from './emits';
import { isMember } from './membership';
import { attachmentVisibleTo } from './messages';
import { registerMessagingRoutes } from './routes';

/** Conversations (issue 16 point 1): the one way other areas extend who may reach whom. */
export { addReachability, blockedBetween, type ReachabilityRule } from './reachability';

/** Routes, the conversation socket room (members only) and the attachment read grant. */
export function registerMessaging(app: FastifyInstance, database: Database, rateLimits: RateLimits): void {
  registerMessagingRoutes(app, database, rateLimits, realtimeEmitter(app.realtime));
  app.realtime.rooms.register(CONVERSATION_ROOM, (actor, id) =>
    /^[1-9][0-9]{0,9}$/.test(id) ? isMember(database.db, actor.userId, Number(id)) : false,
  );
  grantFileReads('messaging', (db, actor, fileId) => attachmentVisibleTo(db, actor.userId, fileId));
}
