import { z } from 'zod';

export { NOTIFICATION_TAG, NOTIFICATIONS_API } from '../api-paths';

import { LIST_DEFAULTS } from '../constants';
import { listMeta } from '../list-query';
import { pathId } from '../path-params';

/**
 * Notifications (issue 16 point 2): one inbox per person fed by domain events, with preferences per
 * category and channel, email digests and quiet hours. docs/notifications.md tells the whole story.
 */

export const NOTIFICATION_CATEGORIES = [
  'account',
  'security',
  'learning',
  'certificates',
  'assessments',
  'invitations',
  'announcements',
  'community',
  'events',
  'network',
  'jobs',
  'experts',
  'ecosystem',
] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

/** Critical notices reach the person whatever their preferences say (issue 16: cannot be turned off). */
export const CRITICAL_CATEGORIES: readonly NotificationCategory[] = ['account', 'security'];
export const isCritical = (category: NotificationCategory) => CRITICAL_CATEGORIES.includes(category);

export const NOTIFICATION_CATEGORY_LABELS: Record<NotificationCategory, string> = {
  account: 'Account',
  security: 'Security',
  learning: 'Learning',
  certificates: 'Certificates',
  assessments: 'Assessments',
  invitations: 'Invitations',
  announcements: 'Announcements',
  community: 'Community',
  events: 'Events',
  network: 'Network and posts',
  jobs: 'Jobs and applications',
  experts: 'Expert sessions',
  ecosystem: 'Startups, centers and funding',
};

export const NOTIFICATION_CHANNELS = ['in_app', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** What a new person gets: everything in the app; email only for what matters most. */
export const DEFAULT_CHANNELS: Record<NotificationCategory, { in_app: boolean; email: boolean }> = {
  account: { in_app: true, email: true },
  security: { in_app: true, email: true },
  learning: { in_app: true, email: false },
  certificates: { in_app: true, email: true },
  assessments: { in_app: true, email: false },
  invitations: { in_app: true, email: false },
  announcements: { in_app: true, email: false },
  community: { in_app: true, email: false },
  // The events area mails its own confirmations (with the invite), offers and reminders.
  events: { in_app: true, email: false },
  network: { in_app: true, email: false },
  // An application's news matters to the applicant: mailed as it happens unless they choose otherwise.
  jobs: { in_app: true, email: true },
  // The experts area mails its own confirmations (with the invite) and reminders.
  experts: { in_app: true, email: false },
  // An acceptance into a cohort is worth a mail.
  ecosystem: { in_app: true, email: true },
};

export const EMAIL_CADENCES = ['immediately', 'daily', 'weekly'] as const;
export type EmailCadence = (typeof EMAIL_CADENCES)[number];

export const NOTIFICATION_STATES = ['unseen', 'seen', 'read', 'archived'] as const;
export type NotificationState = (typeof NOTIFICATION_STATES)[number];

/** The list's `state` filter: a stored state, or `unread` (unseen and seen). Absent: all but archived. */
export const NOTIFICATION_FILTERS = [...NOTIFICATION_STATES, 'unread'] as const;
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];

export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification not found.',
  criticalLocked: 'Security and account notices cannot be turned off.',
  badTimeZone: 'Choose a valid time zone, such as Europe/Berlin.',
  badTime: 'Enter a time as HH:MM, from 00:00 to 23:59.',
  sameStartEnd: 'Quiet hours must start and end at different times.',
  unknownCategory: 'There is no such notification category.',
  duplicateCategory: 'Name each category once.',
  markedAllRead: 'All notifications are marked as read.',
  preferencesSaved: 'Notification preferences saved.',
} as const;

/** The emit a new notification makes to its person's room; the client invalidates the tags. */
export const NOTIFICATION_CREATED = 'notification.created';
/** The emit after a change of state (read, archived, seen) so other tabs follow. */
export const NOTIFICATION_CHANGED = 'notification.changed';

export const notificationItem = z.object({
  notification_id: z.number().int(),
  category: z.enum(NOTIFICATION_CATEGORIES),
  title: z.string(),
  body: z.string(),
  /** The page it leads to: a path on the web app. */
  link: z.string(),
  state: z.enum(NOTIFICATION_STATES),
  created_at: z.string(),
  seen_at: z.string().nullable(),
  read_at: z.string().nullable(),
  archived_at: z.string().nullable(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

export const notificationListQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(LIST_DEFAULTS.page),
    limit: z.coerce
      .number()
      .int()
      .min(1, 'limit must be 1 to 100')
      .max(100, 'limit must be 1 to 100')
      .default(10),
    state: z.enum(NOTIFICATION_FILTERS).optional(),
    category: z.enum(NOTIFICATION_CATEGORIES).optional(),
  })
  .strict();
export type NotificationListQuery = z.input<typeof notificationListQuery>;

export const notificationList = z.object({ data: z.array(notificationItem), meta: listMeta });
export type NotificationList = z.infer<typeof notificationList>;

export const notificationIdParams = z.object({ id: pathId }).strict();

export const notificationCounts = z.object({ unseen: z.number().int(), unread: z.number().int() });
export type NotificationCounts = z.infer<typeof notificationCounts>;

/** Answer of the bulk state changes: how many notifications changed. */
export const notificationsChanged = z.object({ updated: z.number().int(), message: z.string().optional() });
export type NotificationsChanged = z.infer<typeof notificationsChanged>;

const clock = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, NOTIFICATION_MESSAGES.badTime);

/** Whether the name is a time zone this runtime knows (IANA names, and UTC). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const quietHours = z
  .object({
    start: clock,
    end: clock,
    time_zone: z.string().min(1).max(64).refine(isTimeZone, NOTIFICATION_MESSAGES.badTimeZone),
  })
  .strict()
  .refine((hours) => hours.start !== hours.end, {
    message: NOTIFICATION_MESSAGES.sameStartEnd,
    path: ['end'],
  });
export type QuietHours = z.infer<typeof quietHours>;

export const categoryPreference = z.object({
  category: z.enum(NOTIFICATION_CATEGORIES),
  in_app: z.boolean(),
  email: z.boolean(),
  /** Critical: both channels stay on. */
  critical: z.boolean(),
});
export type CategoryPreference = z.infer<typeof categoryPreference>;

export const notificationPreferences = z.object({
  categories: z.array(categoryPreference),
  email_cadence: z.enum(EMAIL_CADENCES),
  quiet_hours: quietHours.nullable(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

/** A partial change: only the categories named change; quiet_hours null removes them. */
export const updatePreferencesBody = z
  .object({
    categories: z
      .array(
        z
          .object({
            category: z.enum(NOTIFICATION_CATEGORIES, NOTIFICATION_MESSAGES.unknownCategory),
            in_app: z.boolean().optional(),
            email: z.boolean().optional(),
          })
          .strict(),
      )
      .max(NOTIFICATION_CATEGORIES.length)
      .refine(
        (list) => new Set(list.map((item) => item.category)).size === list.length,
        NOTIFICATION_MESSAGES.duplicateCategory,
      )
      .optional(),
    email_cadence: z.enum(EMAIL_CADENCES).optional(),
    quiet_hours: quietHours.nullable().optional(),
  })
  .strict();
export type UpdatePreferencesBody = z.infer<typeof updatePreferencesBody>;
