import { z } from 'zod';

/** The largest id a PostgreSQL `integer` column holds. */
export const MAX_ROW_ID = 2_147_483_647;

/**
 * A row id in a URL path: plain decimal digits, no sign, space, exponent, fraction or leading zero.
 * `Number()` reads `+1`, ` 1`, `1.0`, `1e0` and `01` as 1, so a coercing schema gave one row many
 * addresses and let odd spellings slip past checks that compare the path as text (issue 14 part 4).
 * One canonical spelling per id; anything else is a 400 naming the parameter.
 */
export const pathId = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'must be a positive whole number written in plain digits')
  .transform(Number)
  .pipe(z.number().int().positive().max(MAX_ROW_ID));
