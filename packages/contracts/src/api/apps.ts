import { z } from 'zod';

/**
 * My apps (issue 22 point 3; docs/apps.md): the tools a person's role opens are the menus its
 * privileges grant; what is stored here is only which of them the person pinned, in their order.
 */
export const APP_PINS_API = '/api/apps/pins';

export const APPS_LIMITS = { pinsMax: 60, pathMax: 200 } as const;

export const APPS_MESSAGES = {
  duplicatePin: 'Pin each app once.',
  badPath: 'Use the address of an app, such as /calendar.',
  pinsSaved: 'Your apps are saved.',
} as const;

const appPath = z
  .string()
  .trim()
  .min(1, APPS_MESSAGES.badPath)
  .max(APPS_LIMITS.pathMax, `At most ${APPS_LIMITS.pathMax} characters.`)
  .regex(/^\/[A-Za-z0-9/_.-]*$/, APPS_MESSAGES.badPath);

/** The whole ordered list of pins: pinning, unpinning and moving all save the list as it now is. */
export const pinsSave = z
  .object({
    paths: z.array(appPath).max(APPS_LIMITS.pinsMax, `At most ${APPS_LIMITS.pinsMax} pinned apps.`),
  })
  .strict()
  .refine((body) => new Set(body.paths).size === body.paths.length, {
    message: APPS_MESSAGES.duplicatePin,
    path: ['paths'],
  });
export type PinsSave = z.input<typeof pinsSave>;

export const appPin = z.object({ path: z.string(), position: z.number().int() });
export type AppPin = z.infer<typeof appPin>;
export const pinList = z.object({ data: z.array(appPin) });
