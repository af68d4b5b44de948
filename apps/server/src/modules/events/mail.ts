import ical, { ICalCalendarMethod } from 'ical-generator';
import type { EventRow } from './service';
import { formatIn, sessionsOf } from './time';

const PROD_ID = { company: 'Nexus', product: 'Events', language: 'EN' };

export const eventPage = (eventId: number) => `/events/overview/${eventId}`;
export const ticketPage = (eventId: number) => `/events/registered-event/${eventId}`;

/** Where the event happens, as a calendar or a mail shows it. */
export const whereOf = (event: EventRow, withLink: boolean) =>
  event.mode === 'online'
    ? withLink && event.online_url
      ? event.online_url
      : 'Online'
    : (event.venue ?? '');

/**
 * The RFC 5545 invite of a confirmed registration: one VEVENT per session (at most 50), UTC times
 * (the event's own zone is named in the mail's text),
 * UIDs stable per event and session so a later invite updates the same entries.
 */
export function inviteIcs(event: EventRow, origin: string): string {
  const calendar = ical({ name: event.title, prodId: PROD_ID, method: ICalCalendarMethod.REQUEST });
  const sessions = sessionsOf(event, { max: 50 });
  sessions.forEach((session, index) => {
    calendar.createEvent({
      id: sessions.length === 1 ? `event-${event.event_id}@nexus` : `event-${event.event_id}-${index}@nexus`,
      summary: event.title,
      start: session.start,
      end: session.end,
      url: new URL(ticketPage(event.event_id), origin).toString(),
      location: whereOf(event, true),
      description: event.summary || null,
    });
  });
  return calendar.toString();
}

export interface MailText {
  subject: string;
  text: string;
}

const lines = (...parts: (string | false | null)[]) =>
  parts.filter((part) => part !== false && part !== null).join('\n');

export function confirmationMail(event: EventRow, origin: string): MailText {
  return {
    subject: `You are registered: ${event.title}`,
    text: lines(
      `Your place at ${event.title} is confirmed.`,
      '',
      `When: ${formatIn(event.starts_at, event.time_zone)}`,
      `Where: ${whereOf(event, true)}`,
      '',
      `Your ticket: ${new URL(ticketPage(event.event_id), origin).toString()}`,
      'The invite is attached: add it to your calendar.',
    ),
  };
}

export function offerMail(event: EventRow, origin: string, expiresAt: Date): MailText {
  return {
    subject: `A seat is free for you: ${event.title}`,
    text: lines(
      `A seat at ${event.title} has become free and it is offered to you.`,
      `Accept it before ${formatIn(expiresAt, event.time_zone)}; after that it goes to the next person waiting.`,
      '',
      `Accept or decline: ${new URL(eventPage(event.event_id), origin).toString()}`,
    ),
  };
}

export function reminderMail(event: EventRow, origin: string, kind: 'day' | 'hour'): MailText {
  return {
    subject: `${kind === 'day' ? 'Tomorrow' : 'In an hour'}: ${event.title}`,
    text: lines(
      `${event.title} starts ${kind === 'day' ? 'tomorrow' : 'in an hour'}.`,
      `When: ${formatIn(event.starts_at, event.time_zone)}`,
      `Where: ${whereOf(event, true)}`,
      '',
      `Your ticket: ${new URL(ticketPage(event.event_id), origin).toString()}`,
    ),
  };
}

export function movedMail(event: EventRow, origin: string): MailText {
  return {
    subject: `New time: ${event.title}`,
    text: lines(
      `${event.title} has moved. Your place is kept.`,
      '',
      `When: ${formatIn(event.starts_at, event.time_zone)}`,
      `Where: ${whereOf(event, true)}`,
      '',
      `Your ticket: ${new URL(ticketPage(event.event_id), origin).toString()}`,
      'The updated invite is attached: it replaces the one in your calendar.',
    ),
  };
}
