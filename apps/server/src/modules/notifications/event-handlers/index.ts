import type { EventDispatcher } from '../../../kernel/events';
import type { NotifyContext } from '../deliver';
import { registerAccountNotices } from './account';
import { registerAnnouncementNotices } from './announcements';
import { registerCertificateNotices } from './certificates';
import { registerCommunityNotices } from './community';
import { registerEcosystemNotices } from './ecosystem';
import { registerEventNotices } from './events';
import { registerExpertNotices } from './experts';
import { registerHiringNotices } from './hiring';
import { registerLearningNotices } from './learning';
import { registerNetworkNotices } from './network';

/**
 * The inbox's part in every area's events (issue 16 point 2). Each handler runs in the dispatcher's
 * all-tenants transaction together with its delivery row; the unique source key keeps a duplicate
 * delivery from notifying twice even past the dispatcher's own bookkeeping. Names shown are read at
 * the time of the event, as the payloads carry only ids.
 *
 * The handlers live one file per area whose events they handle, so an area's notices are read and
 * changed together and a new area adds a file and one line here.
 */
export function registerNotificationHandlers(events: EventDispatcher, context: NotifyContext): void {
  registerLearningNotices(events, context);
  registerCertificateNotices(events, context);
  registerAccountNotices(events, context);
  registerHiringNotices(events, context);
  registerNetworkNotices(events, context);
  registerEcosystemNotices(events, context);
  registerExpertNotices(events, context);
  registerAnnouncementNotices(events, context);
  registerCommunityNotices(events, context);
  registerEventNotices(events, context);
}
