import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/client';
import type { RateLimits } from '../../kernel/rate-limit';
import { grantFileReads } from '../files';
import { addReachability } from '../messaging';
import { addProfileRelation } from '../profiles';
import { connectedSql } from './people';
import { imageVisibleTo } from './post-readers';
import { registerNetworkRoutes } from './routes';

/**
 * The network and posts (issue 18 points 4 and 5): routes and the publish job, and the network's part
 * in other areas: connected people reach each other in messaging, count as "connections" for a
 * profile's privacy, and read the images of posts they may read.
 */
export function registerNetwork(app: FastifyInstance, database: Database, rateLimits: RateLimits): void {
  registerNetworkRoutes(app, database, rateLimits);
  addReachability('connected', async (db, fromId, candidateIds) => {
    const rows = await queryRows<{ other: number }>(
      db,
      sql`select case when user_low = ${fromId} then user_high else user_low end as other
          from connections where status = 'accepted' and (user_low = ${fromId} or user_high = ${fromId})`,
    );
    const wanted = new Set(candidateIds);
    return rows.map((row) => Number(row.other)).filter((id) => wanted.has(id));
  });
  addProfileRelation('connected', (viewerId) => connectedSql(sql`u.user_id`, viewerId));
  grantFileReads('network-posts', (db, actor, fileId) => imageVisibleTo(db, actor.userId, fileId));
}
