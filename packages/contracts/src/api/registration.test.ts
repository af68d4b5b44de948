import { describe, expect, it } from 'vitest';
import {
  REGISTRATION_SCHEMAS,
  REGISTRATION_TYPES,
  registrationFormOf,
  startupRegistration,
  volunteerRegistration,
} from './registration';

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('registration forms', () => {
  it('maps the eleven registration role types of spec section 6 to distinct system roles', () => {
    expect(REGISTRATION_TYPES).toHaveLength(11);
    expect(new Set(REGISTRATION_TYPES.map((type) => type.roleId)).size).toBe(11);
    expect(registrationFormOf('accelerator')).toBe('incubator');
    expect(registrationFormOf('industry-body')).toBe('organisation');
    expect(registrationFormOf('mentor')).toBe('generic');
  });

  it('accepts any subset of fields as a draft, but no unknown field', () => {
    for (const { draft } of Object.values(REGISTRATION_SCHEMAS)) {
      expect(draft.safeParse({}).success).toBe(true);
      expect(draft.safeParse({ is_platform_admin: true }).success).toBe(false);
    }
  });

  it('names every missing field with a readable message', () => {
    const result = REGISTRATION_SCHEMAS.generic.full.safeParse({});
    expect(messages(result)).toEqual({
      affiliation: 'Organisation or affiliation is required.',
      about: 'About you is required.',
      interests: 'Add at least one interest.',
    });
  });

  it('checks cross-field rules even while other fields are still wrong', () => {
    const investor = REGISTRATION_SCHEMAS.investor.full.safeParse({
      investor_type: 'vc',
      ticket_min: 10,
      ticket_max: 5,
    });
    expect(messages(investor)).toMatchObject({
      ticket_max: 'The maximum ticket must be at least the minimum.',
      organisation: 'Organisation is required for a fund, family office or company.',
    });
    expect(messages(volunteerRegistration.safeParse({ work_mode: 'on_site' })).location).toBe(
      'Give your location for on-site work.',
    );
    expect(messages(startupRegistration.safeParse({ seeking_amount: 100 })).currency).toBe(
      'Choose the currency of the amounts.',
    );
  });

  it('asks an organisation for its official address, not a webmail one', () => {
    const result = REGISTRATION_SCHEMAS.organisation.full.safeParse({ official_email: 'me@gmail.com' });
    expect(messages(result).official_email).toBe(
      "Use the organisation's own address, not a personal webmail one.",
    );
  });
});
