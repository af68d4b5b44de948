import {
  EVENT_REALTIME,
  EVENT_REGISTRATIONS_API,
  EVENTS_API,
  errorBody,
  eventCertificatesAnswer,
  eventCheckInAnswer,
  eventCheckInBody,
  eventCheckInCount,
  eventCreate,
  eventItem,
  eventListAnswer,
  eventListQuery,
  eventRegistrationCreate,
  eventRegistrationListAnswer,
  eventRegistrationListQuery,
  eventTicketAnswer,
  eventUpdate,
  myEventRegistration,
  pathId,
} from '@nexus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { inScope } from '../../db/scope';
import { unauthorized } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import type { Jobs } from '../../kernel/jobs';
import { issueEventCertificates } from './certificates';
import { listEvents } from './list';
import {
  checkIn,
  checkInCount as countCheckIns,
  deleteEvent,
  eventOrganisedBy,
  exportCsv,
  getTicket,
  listRegistrations,
  updateEvent,
} from './manage';
import { tellEventMoved } from './moved';
import { eventPolicies, organises } from './policy';
import {
  approve,
  cancelMine,
  decline,
  type EventsContext,
  getMyRegistration,
  register,
} from './registrations';
import { sendReminder } from './reminders';
import { createEvent, getEvent, loadEvent } from './service';
import { acceptOffer, declineOffer, expireOffer } from './waiting-list';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const idParams = z.object({ id: pathId });
const eventParams = z.object({ eventId: pathId });
const regParams = z.object({ eventId: pathId, registrationId: pathId });

function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

/**
 * Events (issue 17 points 1 to 3): the generic verbs under /api/events/events/ and the registration,
 * ticket and check-in calls under /api/events/registrations/, the offer and reminder jobs, and the
 * organisers' room of an event (live check-in count).
 */
export function registerEventRoutes(
  app: FastifyInstance,
  database: Database,
  jobs: Jobs,
  origin: string,
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['events'];
  const context: EventsContext = { database, jobs, origin };
  const base = EVENTS_API;
  const regs = EVENT_REGISTRATIONS_API;

  /** Organisers' open pages refetch their lists and counts. */
  const touched = (eventId: number, type: string = EVENT_REALTIME.registrations) =>
    app.realtime
      .toRoom(EVENT_REALTIME.room, eventId)
      .emit({ type, ids: [eventId], tags: [EVENT_REALTIME.registrationTag, EVENT_REALTIME.tag] });

  app.realtime.rooms.register(EVENT_REALTIME.room, async (actor, id) => {
    const eventId = Number(id);
    if (!Number.isInteger(eventId) || eventId <= 0) return false;
    const event = await inScope(database.db, 'all', (tx) => loadEvent(tx, eventId));
    return event !== null && organises(actor, event.tenant_id);
  });

  jobs.register('events.offer.expire', async ({ registration_id }) => {
    const eventId = await expireOffer(context, registration_id);
    if (eventId !== null) touched(eventId);
  });
  jobs.register('events.reminder', (job) => sendReminder(context, job));
  jobs.register('events.moved', (job) => tellEventMoved(context, job));

  typed.get(
    `${base}/getEvents`,
    {
      config: { policy: eventPolicies.read },
      schema: {
        tags,
        summary:
          'List events: upcoming published ones the caller may see (default), past, or those it organises',
        querystring: eventListQuery,
        response: { 200: eventListAnswer, ...errors },
      },
    },
    async (request) => listEvents(database, request.actor, request.query),
  );

  typed.get(
    `${base}/getEvent/:id`,
    {
      config: { policy: eventPolicies.read },
      schema: {
        tags,
        summary: 'One event the caller may see',
        params: idParams,
        response: { 200: z.object({ data: eventItem }), ...errors },
      },
    },
    async (request) => ({ data: await getEvent(database, request.actor, request.params.id) }),
  );

  typed.post(
    `${base}/createEvent`,
    {
      config: { policy: eventPolicies.organise },
      schema: {
        tags,
        summary: 'Create an event of the platform or of the caller’s tenant',
        body: eventCreate,
        response: { 201: z.object({ data: eventItem }), ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createEvent(database, actorOf(request), request.body) }),
  );

  typed.put(
    `${base}/updateEvent/:id`,
    {
      config: { policy: eventPolicies.organise },
      schema: {
        tags,
        summary: 'Change an event; added seats are offered to the waiting list',
        params: idParams,
        body: eventUpdate,
        response: { 200: z.object({ data: eventItem }), ...errors },
      },
    },
    async (request) => {
      const data = await updateEvent(context, actorOf(request), request.params.id, request.body);
      touched(request.params.id, EVENT_REALTIME.changed);
      return { data };
    },
  );

  typed.delete(
    `${base}/deleteEvent/:id`,
    {
      config: { policy: eventPolicies.organise },
      schema: {
        tags,
        summary: 'Delete an event (soft)',
        params: idParams,
        response: { 200: z.object({ data: z.object({ event_id: z.number().int() }) }), ...errors },
      },
    },
    async (request) => ({ data: await deleteEvent(context, actorOf(request), request.params.id) }),
  );

  // Registration: the attendee's side.
  typed.post(
    `${regs}/createRegistration/:eventId`,
    {
      // The answer carries the registration itself; its mail, reminders and notice follow it.
      config: { policy: eventPolicies.signedIn, dispatch: 'after-answer' },
      schema: {
        tags,
        summary: 'Register the caller: a seat, approval pending, or the waiting list',
        params: eventParams,
        body: eventRegistrationCreate,
        response: { 201: z.object({ data: myEventRegistration }), ...errors },
      },
    },
    async (request, reply) => {
      const data = await register(context, actorOf(request), request.params.eventId, request.body.answers);
      touched(request.params.eventId);
      return reply.status(201).send({ data });
    },
  );

  typed.get(
    `${regs}/getMyRegistration/:eventId`,
    {
      config: { policy: eventPolicies.signedIn },
      schema: {
        tags,
        summary: 'The caller’s registration to an event',
        params: eventParams,
        response: { 200: z.object({ data: myEventRegistration }), ...errors },
      },
    },
    async (request) => ({ data: await getMyRegistration(context, actorOf(request), request.params.eventId) }),
  );

  for (const [verb, action, summary] of [
    [
      'cancelRegistration',
      cancelMine,
      'Cancel the caller’s registration; a freed seat is offered to the next person waiting',
    ],
    ['acceptOffer', acceptOffer, 'Accept the seat offered from the waiting list'],
    ['declineOffer', declineOffer, 'Decline the seat offered; it goes to the next person waiting'],
  ] as const) {
    typed.put(
      `${regs}/${verb}/:eventId`,
      {
        config: { policy: eventPolicies.signedIn },
        schema: {
          tags,
          summary,
          params: eventParams,
          response: { 200: z.object({ data: myEventRegistration }), ...errors },
        },
      },
      async (request) => {
        const data = await action(context, actorOf(request), request.params.eventId);
        touched(request.params.eventId);
        return { data };
      },
    );
  }

  typed.get(
    `${regs}/getTicket/:eventId`,
    {
      config: { policy: eventPolicies.signedIn },
      schema: {
        tags,
        summary: 'The caller’s ticket: its code, QR as SVG and QR matrix',
        params: eventParams,
        response: { 200: z.object({ data: eventTicketAnswer }), ...errors },
      },
    },
    async (request) => ({ data: await getTicket(context, actorOf(request), request.params.eventId) }),
  );

  // Organisers.
  typed.get(
    `${regs}/getRegistrations/:eventId`,
    {
      config: { policy: eventPolicies.organise },
      schema: {
        tags,
        summary: 'Registrations of an event the caller organises, with answers',
        params: eventParams,
        querystring: eventRegistrationListQuery,
        response: { 200: eventRegistrationListAnswer, ...errors },
      },
    },
    async (request) => {
      const event = await eventOrganisedBy(context, actorOf(request), request.params.eventId);
      return listRegistrations(context, event, request.query);
    },
  );

  for (const [verb, action, summary] of [
    ['approveRegistration', approve, 'Approve a registration waiting for approval'],
    [
      'declineRegistration',
      decline,
      'Decline a registration waiting for approval; its seat goes to the next person waiting',
    ],
  ] as const) {
    typed.put(
      `${regs}/${verb}/:eventId/:registrationId`,
      {
        config: { policy: eventPolicies.organise },
        schema: {
          tags,
          summary,
          params: regParams,
          response: { 200: z.object({ data: z.object({ registration_id: z.number().int() }) }), ...errors },
        },
      },
      async (request) => {
        const event = await eventOrganisedBy(context, actorOf(request), request.params.eventId);
        await action(context, event, request.params.registrationId);
        touched(event.event_id);
        return { data: { registration_id: request.params.registrationId } };
      },
    );
  }

  typed.post(
    `${regs}/checkIn/:eventId`,
    {
      config: { policy: eventPolicies.organise },
      schema: {
        tags,
        summary: 'Check a ticket in (by its scanned code or a registration id), once',
        params: eventParams,
        body: eventCheckInBody,
        response: { 200: z.object({ data: eventCheckInAnswer }), ...errors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const event = await eventOrganisedBy(context, actor, request.params.eventId);
      const data = await checkIn(context, actor, event, request.body);
      touched(event.event_id, EVENT_REALTIME.checkedIn);
      return { data };
    },
  );

  typed.post(
    `${regs}/issueCertificates/:eventId`,
    {
      config: { policy: eventPolicies.organise },
      schema: {
        tags,
        summary: 'Issue certificates of attendance to every checked-in attendee of an ended event',
        params: eventParams,
        response: { 200: z.object({ data: eventCertificatesAnswer }), ...errors },
      },
    },
    async (request) => {
      const event = await eventOrganisedBy(context, actorOf(request), request.params.eventId);
      return { data: await issueEventCertificates(context, event) };
    },
  );

  typed.get(
    `${regs}/getCheckInCount/:eventId`,
    {
      config: { policy: eventPolicies.organise },
      schema: {
        tags,
        summary: 'How many confirmed people have checked in',
        params: eventParams,
        response: { 200: z.object({ data: eventCheckInCount }), ...errors },
      },
    },
    async (request) => {
      const event = await eventOrganisedBy(context, actorOf(request), request.params.eventId);
      return { data: await countCheckIns(context, event) };
    },
  );

  typed.get(
    `${regs}/exportRegistrations/:eventId`,
    {
      config: { policy: eventPolicies.organise },
      schema: {
        tags,
        summary: 'Every registration as CSV (with the answers)',
        params: eventParams,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const event = await eventOrganisedBy(context, actorOf(request), request.params.eventId);
      const csv = await exportCsv(context, event);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="event-${event.event_id}-attendees.csv"`)
        .send(csv);
    },
  );
}
