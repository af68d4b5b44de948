import { ANNOUNCEMENTS_API } from '@nexus/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { domainEvents } from '../../db/schema';
import type { Actor } from '../../http/policy';
import { makeUser } from '../../test/factories';
import type { TestApp } from '../../test/make-app';

export const BASE = ANNOUNCEMENTS_API;
export const inOneHour = () => new Date(Date.now() + 3_600_000).toISOString();

/** Calls of the announcements API as one actor or another, for this module's test files. */
export function announcementKit(t: TestApp) {
  const kit = {
    newUser: async () => (await makeUser(t.database)).user_id,
    create(actor: Actor, payload: Record<string, unknown>) {
      t.actAs(actor);
      return t.app.inject({ method: 'POST', url: `${BASE}/createAnnouncement`, payload });
    },
    async publish(actor: Actor, payload: Record<string, unknown> = {}) {
      const response = await kit.create(actor, {
        title: `News ${Math.random()}`,
        body: '<p>Hello</p>',
        status: 'published',
        ...payload,
      });
      expect(response.statusCode).toBe(201);
      return response.json().data as { announcement_id: number; title: string };
    },
    feed(actor: Actor | null, query = '') {
      t.actAs(actor);
      return t.app.inject({ method: 'GET', url: `${BASE}/getAnnouncements${query}` });
    },
    async feedIds(actor: Actor, query = '?limit=100') {
      const response = await kit.feed(actor, query);
      expect(response.statusCode).toBe(200);
      return (response.json().data as { announcement_id: number }[]).map((row) => row.announcement_id);
    },
    /** The `announcement.published` events recorded for one announcement. */
    eventsFor(id: number) {
      return t.database.system
        .select()
        .from(domainEvents)
        .where(
          and(
            eq(domainEvents.name, 'announcement.published'),
            sql`${domainEvents.payload}->>'announcement_id' = ${String(id)}`,
          ),
        );
    },
  };
  return kit;
}
