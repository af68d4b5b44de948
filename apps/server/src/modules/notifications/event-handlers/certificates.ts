/**
 * Notices of certificates: a program's, a competition winner's and an event attendance's, each
 * linking to the certificate's public address. One file per area (index.ts).
 */
import type { EventDispatcher } from '../../../kernel/events';
import { type NotifyContext, notify } from '../deliver';
import { programName } from './names';

/** Certificates issued by learning, competitions and events. */
export function registerCertificateNotices(events: EventDispatcher, context: NotifyContext): void {
  events.on('certificate.issued', 'notifications.certificate-issued', async (event, tx) => {
    const { user_id: userId, program_id: programId, tenant_id: tenantId, public_key: key } = event.payload;
    const name = await programName(tx, programId);
    await notify(tx, context, {
      userId,
      tenantId,
      category: 'certificates',
      title: `Your certificate for ${name} is ready`,
      body: 'Anyone can check it at its public address.',
      link: `/certification/${userId}/${encodeURIComponent(key)}`,
      eventId: event.id,
      handler: 'notifications.certificate-issued',
    });
  });

  events.on('competition.winner.announced', 'notifications.competition-winner', async (event, tx) => {
    const { user_id: userId, tenant_id: tenantId, place, title, public_key: key } = event.payload;
    const suffix =
      place % 100 >= 11 && place % 100 <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[place % 10] ?? 'th');
    await notify(tx, context, {
      userId,
      tenantId,
      category: 'certificates',
      title: `You placed ${place}${suffix} in ${title}`,
      body: 'Congratulations! Your certificate is ready, and anyone can check it at its public address.',
      link: `/certification/${userId}/${encodeURIComponent(key)}`,
      eventId: event.id,
      handler: 'notifications.competition-winner',
    });
  });

  // A certificate of attendance (issue 17 point 3): the title comes in the payload, so this never reads
  // the events area's tables (DESIGN section 9).
  events.on('event.certificate.issued', 'notifications.event-certificate-issued', async (event, tx) => {
    const { user_id: userId, tenant_id: tenantId, title, public_key: key } = event.payload;
    await notify(tx, context, {
      userId,
      tenantId,
      category: 'certificates',
      title: `Your certificate of attendance for ${title} is ready`,
      body: 'Anyone can check it at its public address.',
      link: `/certification/${userId}/${encodeURIComponent(key)}`,
      eventId: event.id,
      handler: 'notifications.event-certificate-issued',
    });
  });
}
