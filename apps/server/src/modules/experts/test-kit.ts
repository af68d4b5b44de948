import { EXPERT_SESSIONS_API, EXPERTS_API } from '@nexus/contracts';
import { expect } from 'vitest';
import type { Actor } from '../../http/policy';
import { makeUser, member } from '../../test/factories';
import type { TestApp } from '../../test/make-app';

/** The experts area's test vocabulary over one test app: people, calls, an expert with hours. */
export function expertsKit(app: () => TestApp) {
  async function person(tenantId: number | null = null, first_name = 'Test'): Promise<Actor> {
    const user = await makeUser(app().database, { first_name });
    return member(user.user_id, tenantId);
  }

  function call(
    actor: Actor | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) {
    app().actAs(actor);
    return app().app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  /** An expert in Berlin, 09:00 to 17:00 every day, hour-long sessions with 15 minutes between. */
  async function expert(options: { tenantId?: number | null; audience?: 'platform' | 'tenant' } = {}) {
    const actor = await person(options.tenantId ?? null);
    const profile = await call(actor, 'PUT', `${EXPERTS_API}/updateMyProfile`, {
      headline: 'Fundraising for hardware startups',
      expertise: ['Fundraising', 'hardware'],
      languages: ['en', 'de'],
      time_zone: 'Europe/Berlin',
      session_minutes: 60,
      buffer_minutes: 15,
      audience: options.audience ?? 'platform',
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const hours = await call(actor, 'PUT', `${EXPERTS_API}/updateMyAvailability`, {
      weekly: everyDay(9 * 60, 17 * 60),
    });
    expect(hours.statusCode, hours.body).toBe(200);
    return actor;
  }

  async function slots(viewer: Actor, expertId: number, days = 7) {
    const answer = await call(viewer, 'GET', `${EXPERTS_API}/getSlots/${expertId}?days=${days}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data as { starts_at: string; ends_at: string }[];
  }

  /** A slot at least two days ahead (well clear of "now" and of the day's reminder). */
  async function laterSlot(viewer: Actor, expertId: number) {
    const list = await slots(viewer, expertId, 7);
    const slot = list.find((s) => new Date(s.starts_at).getTime() > Date.now() + 2 * 86_400_000);
    expect(slot).toBeDefined();
    return slot!;
  }

  const book = (actor: Actor, body: Record<string, unknown>) =>
    call(actor, 'POST', `${EXPERT_SESSIONS_API}/createSession`, body);

  return { person, call, expert, slots, laterSlot, book };
}

export const everyDay = (start: number, end: number) =>
  [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start_minute: start, end_minute: end }));
