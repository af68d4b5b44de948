import { EVENT_REGISTRATIONS_API, EVENTS_API } from '@nexus/contracts';
import { expect } from 'vitest';
import type { Actor } from '../../http/policy';
import { makeUser } from '../../test/factories';
import type { TestApp } from '../../test/make-app';

export const inDays = (days: number, hours = 0) =>
  new Date(Date.now() + days * 86_400_000 + hours * 3_600_000).toISOString();

/** A valid in-person event body, to spread overrides on. */
export const eventBody = (overrides: Record<string, unknown> = {}) => ({
  title: `Meetup ${Math.random().toString(36).slice(2, 8)}`,
  summary: 'An evening of talks',
  description: '<p>Talks and <strong>pizza</strong></p>',
  mode: 'in_person',
  venue: 'Main hall, 1 Example Street',
  starts_at: inDays(3),
  ends_at: inDays(3, 2),
  time_zone: 'Europe/Paris',
  status: 'published',
  ...overrides,
});

/** Calls of the events API as one actor or another, for this module's test files. */
export function eventKit(t: TestApp) {
  const call = (
    actor: Actor | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) => {
    t.actAs(actor);
    return t.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
  };
  const kit = {
    call,
    newUser: async () => (await makeUser(t.database)).user_id,
    create: (actor: Actor | null, body: Record<string, unknown>) =>
      call(actor, 'POST', `${EVENTS_API}/createEvent`, body),
    async created(actor: Actor, overrides: Record<string, unknown> = {}) {
      const response = await kit.create(actor, eventBody(overrides));
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data as { event_id: number; title: string };
    },
    list: (actor: Actor | null, query = '') => call(actor, 'GET', `${EVENTS_API}/getEvents${query}`),
    get: (actor: Actor | null, id: number) => call(actor, 'GET', `${EVENTS_API}/getEvent/${id}`),
    update: (actor: Actor | null, id: number, body: Record<string, unknown>) =>
      call(actor, 'PUT', `${EVENTS_API}/updateEvent/${id}`, body),
    /** Registers, then waits for what follows the answer (mail, reminders, notice), as a reader later would. */
    register: async (actor: Actor | null, id: number, answers: Record<string, string> = {}) => {
      const response = await call(actor, 'POST', `${EVENT_REGISTRATIONS_API}/createRegistration/${id}`, {
        answers,
      });
      await t.app.events.idle();
      return response;
    },
    mine: (actor: Actor | null, id: number) =>
      call(actor, 'GET', `${EVENT_REGISTRATIONS_API}/getMyRegistration/${id}`),
    verb: (actor: Actor | null, verb: string, id: number) =>
      call(actor, 'PUT', `${EVENT_REGISTRATIONS_API}/${verb}/${id}`),
    registrations: (actor: Actor | null, id: number, query = '') =>
      call(actor, 'GET', `${EVENT_REGISTRATIONS_API}/getRegistrations/${id}${query}`),
    ticket: (actor: Actor | null, id: number) =>
      call(actor, 'GET', `${EVENT_REGISTRATIONS_API}/getTicket/${id}`),
    checkIn: (actor: Actor | null, id: number, body: Record<string, unknown>) =>
      call(actor, 'POST', `${EVENT_REGISTRATIONS_API}/checkIn/${id}`, body),
  };
  return kit;
}
