import { z } from 'zod';
import { userRole } from './role';

/** Spec section 3 (User). `otpVerified` mirrors the email-verified flag. No password hash, ever. */
export const user = z.object({
  user_id: z.number().int(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  enabled: z.boolean(),
  roles: z.array(userRole).optional(),
  active_role: userRole.nullable().optional(),
  profile_image: z.string().nullable(),
  roll_number: z.string().nullable(),
  age: z.number().int().nullable(),
  gender: z.string().nullable(),
  registration_redirect: z.string().nullable(),
  phone_number: z.string().nullable(),
  otpVerified: z.boolean().optional(),
});
export type User = z.infer<typeof user>;
