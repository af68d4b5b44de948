import {
  DEFAULT_CHANNELS,
  type EmailCadence,
  isCritical,
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_MESSAGES,
  type NotificationCategory,
  type NotificationPreferences,
  type UpdatePreferencesBody,
} from '@nexus/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notificationPreferences } from '../../db/schema';
import { badRequest } from '../../http/app-error';

type Channels = Partial<Record<NotificationCategory, { in_app?: boolean; email?: boolean }>>;
type PreferenceRow = typeof notificationPreferences.$inferSelect;

/** What delivery needs to know of one person's choices. */
export interface Delivery {
  channels: Channels;
  cadence: EmailCadence;
  quiet: { start: string; end: string; timeZone: string } | null;
}

export const DEFAULT_DELIVERY: Delivery = { channels: {}, cadence: 'immediately', quiet: null };

export function deliveryOf(row: PreferenceRow | undefined): Delivery {
  if (!row) return DEFAULT_DELIVERY;
  return {
    channels: (row.channels ?? {}) as Channels,
    cadence: row.email_cadence,
    quiet:
      row.quiet_start && row.quiet_end && row.time_zone
        ? { start: row.quiet_start, end: row.quiet_end, timeZone: row.time_zone }
        : null,
  };
}

/** Whether a channel is on for a category; critical categories are always on, whatever is stored. */
export function channelOn(
  delivery: Delivery,
  category: NotificationCategory,
  channel: 'in_app' | 'email',
): boolean {
  if (isCritical(category)) return true;
  return delivery.channels[category]?.[channel] ?? DEFAULT_CHANNELS[category][channel];
}

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** The wall-clock minute of the day at `now` in `timeZone`. */
function localMinute(now: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const hour = Number(parts.find((part) => part.type === 'hour')?.value ?? 0);
  const minute = Number(parts.find((part) => part.type === 'minute')?.value ?? 0);
  return hour * 60 + minute;
}

/**
 * When the person's quiet hours end, if `now` falls inside them; else null. Hours may wrap past
 * midnight (22:00 to 07:00). The end is found by counting minutes on the local clock, which is exact
 * except across a daylight-saving change, where it is off by the shift: an email an hour early or late.
 */
export function quietUntil(delivery: Delivery, now: Date): Date | null {
  const quiet = delivery.quiet;
  if (!quiet) return null;
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  const minute = localMinute(now, quiet.timeZone);
  const inside = start < end ? minute >= start && minute < end : minute >= start || minute < end;
  if (!inside) return null;
  const wait = (end - minute + 1440) % 1440;
  const at = new Date(now.getTime() + wait * 60_000);
  at.setUTCSeconds(0, 0);
  return at;
}

export async function readDelivery(db: DbOrTx, userId: number): Promise<Delivery> {
  const [row] = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.user_id, userId));
  return deliveryOf(row);
}

function present(delivery: Delivery): NotificationPreferences {
  return {
    categories: NOTIFICATION_CATEGORIES.map((category) => ({
      category,
      in_app: channelOn(delivery, category, 'in_app'),
      email: channelOn(delivery, category, 'email'),
      critical: isCritical(category),
    })),
    email_cadence: delivery.cadence,
    quiet_hours: delivery.quiet
      ? { start: delivery.quiet.start, end: delivery.quiet.end, time_zone: delivery.quiet.timeZone }
      : null,
  };
}

/** The caller's preferences, every category listed with its effective channels. */
export async function getPreferences(db: DbOrTx, userId: number): Promise<NotificationPreferences> {
  return present(await readDelivery(db, userId));
}

/**
 * Applies a partial change. Turning a channel of a critical category off is refused as a whole
 * (400 naming the field), so nothing of the request is saved.
 */
export async function updatePreferences(
  db: DbOrTx,
  userId: number,
  body: UpdatePreferencesBody,
): Promise<NotificationPreferences> {
  const locked = (body.categories ?? []).flatMap((item, index) =>
    isCritical(item.category)
      ? (['in_app', 'email'] as const)
          .filter((channel) => item[channel] === false)
          .map((channel) => ({
            in: 'body',
            path: `categories.${index}.${channel}`,
            message: NOTIFICATION_MESSAGES.criticalLocked,
          }))
      : [],
  );
  if (locked.length > 0) throw badRequest(NOTIFICATION_MESSAGES.criticalLocked, locked);
  const current = await readDelivery(db, userId);
  const channels: Channels = { ...current.channels };
  for (const item of body.categories ?? []) {
    if (isCritical(item.category)) continue;
    const before = channels[item.category] ?? {};
    channels[item.category] = {
      ...before,
      ...(item.in_app === undefined ? {} : { in_app: item.in_app }),
      ...(item.email === undefined ? {} : { email: item.email }),
    };
  }
  const quiet = body.quiet_hours === undefined ? current.quiet : body.quiet_hours;
  const values = {
    channels,
    email_cadence: body.email_cadence ?? current.cadence,
    quiet_start: quiet ? quiet.start : null,
    quiet_end: quiet ? quiet.end : null,
    time_zone: quiet ? ('time_zone' in quiet ? quiet.time_zone : quiet.timeZone) : null,
    updated_at: new Date(),
  };
  const [row] = await db
    .insert(notificationPreferences)
    .values({ user_id: userId, ...values })
    .onConflictDoUpdate({ target: notificationPreferences.user_id, set: values })
    .returning();
  return present(deliveryOf(row));
}
