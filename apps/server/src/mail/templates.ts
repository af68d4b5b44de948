import { AUTH_LIMITS } from '@nexus/contracts';
import type { MailMessage } from './transport';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const PURPOSE_TEXT = {
  signup: 'to confirm your email address and finish creating your Nexus account',
  verify: 'to confirm your email address on Nexus',
  reset: 'to choose a new password for your Nexus account',
  'email-change': 'to make this the email address of your Nexus account',
} as const;

/** The one-time-code mail; for a minor it goes to the parent and says so. */
export function otpMail(options: {
  to: string;
  code: string;
  purpose: keyof typeof PURPOSE_TEXT;
  firstName?: string | null;
  forChild?: string | null;
}): MailMessage {
  const greeting = options.forChild ? 'Hello,' : `Hello${options.firstName ? ` ${options.firstName}` : ''},`;
  const why = options.forChild
    ? `${options.forChild} is signing up for Nexus and gave your address as their parent or guardian. Use this code ${PURPOSE_TEXT[options.purpose]}`
    : `Use this code ${PURPOSE_TEXT[options.purpose]}`;
  const expiry = `It expires in ${AUTH_LIMITS.otpTtlMinutes} minutes. If you did not ask for it, ignore this mail.`;
  return {
    to: options.to,
    subject: `Your Nexus code: ${options.code}`,
    text: `${greeting}\n\n${why}:\n\n    ${options.code}\n\n${expiry}\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(why)}:</p><p style="font-size:24px;letter-spacing:6px"><strong>${options.code}</strong></p><p>${escapeHtml(expiry)}</p>`,
    meta: { kind: 'otp', purpose: options.purpose },
  };
}

/** Sent instead of a code when someone signs up with an address that already has an account. */
export function existingAccountMail(to: string): MailMessage {
  const text =
    'Someone tried to create a Nexus account with this address, which already has one. If it was you, sign in or use "Forgot password?". If not, you can ignore this mail.';
  return {
    to,
    subject: 'You already have a Nexus account',
    text,
    html: `<p>${escapeHtml(text)}</p>`,
    meta: { kind: 'existing-account' },
  };
}

/** An organisation's invitation to take a seat (assignSeat): the link is the only way to join. */
export function seatInvitationMail(options: {
  to: string;
  url: string;
  roleName: string;
  tenantName: string;
}): MailMessage {
  const text = `You have been invited to join ${options.tenantName} on Nexus as ${options.roleName}. Open this link to accept (sign in or create an account with this address first):`;
  const ignore = 'If you do not want to join, ignore this mail: nothing changes until you accept.';
  return {
    to: options.to,
    subject: `Invitation to join ${options.tenantName} on Nexus`,
    text: `${text}\n\n    ${options.url}\n\n${ignore}\n`,
    html: `<p>${escapeHtml(text)}</p><p><a href="${escapeHtml(options.url)}">${escapeHtml(options.url)}</a></p><p>${escapeHtml(ignore)}</p>`,
    meta: { kind: 'seat-invitation' },
  };
}

/** An invitation sent again: a seat in an organisation, or a role on the main platform. */
export function invitationMail(options: {
  to: string;
  url: string;
  roleName: string;
  tenantName: string | null;
}): MailMessage {
  if (options.tenantName) return seatInvitationMail({ ...options, tenantName: options.tenantName });
  const text = `You have been invited to join Nexus as ${options.roleName}. Open this link to accept (sign in or create an account with this address first):`;
  const ignore = 'If you do not want to join, ignore this mail: nothing changes until you accept.';
  return {
    to: options.to,
    subject: 'Invitation to join Nexus',
    text: `${text}\n\n    ${options.url}\n\n${ignore}\n`,
    html: `<p>${escapeHtml(text)}</p><p><a href="${escapeHtml(options.url)}">${escapeHtml(options.url)}</a></p><p>${escapeHtml(ignore)}</p>`,
    meta: { kind: 'invitation' },
  };
}

/** Sent to the old address once an email change is confirmed, so a takeover does not go unseen. */
export function emailChangedMail(options: { to: string; newAddress: string }): MailMessage {
  const text = `The email address of your Nexus account was changed to ${options.newAddress}. If you did not do this, reset your password and contact support at once.`;
  return {
    to: options.to,
    subject: 'Your Nexus email address was changed',
    text,
    html: `<p>${escapeHtml(text)}</p>`,
    meta: { kind: 'email-changed' },
  };
}

/** Sent instead of a code when someone asks to move their account to an address another account uses. */
export function addressInUseMail(to: string): MailMessage {
  const text =
    'Someone asked to move their Nexus account to this address, which already belongs to an account. Nothing was changed. If it was you, sign in with this address instead.';
  return {
    to,
    subject: 'This address already has a Nexus account',
    text,
    html: `<p>${escapeHtml(text)}</p>`,
    meta: { kind: 'address-in-use' },
  };
}
