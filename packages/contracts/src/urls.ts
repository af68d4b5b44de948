import { z } from 'zod';

const WEB_PROTOCOLS = new Set(['http:', 'https:']);

function isWebUrl(value: string): boolean {
  try {
    return WEB_PROTOCOLS.has(new URL(value).protocol);
  } catch {
    return false;
  }
}

/**
 * An absolute http(s) address. `z.url()` alone accepts `javascript:` and `data:text/html,...`, which
 * run script when a page puts them in an href or src (issue 14 part 10): every URL field uses this.
 */
export function webUrl(max: number) {
  return z
    .string()
    .trim()
    .max(max, `Keep the address under ${max} characters.`)
    .refine(isWebUrl, 'Enter an address starting with https:// or http://');
}

/** A path on this site (`/lxp`; `//host` is another site) or an http(s) address, where a link is meant. */
export function sitePathOrWebUrl(max: number) {
  return z
    .string()
    .trim()
    .max(max, `Keep the address under ${max} characters.`)
    .refine(
      (value) => /^\/(?!\/)[^\s\\]*$/.test(value) || isWebUrl(value),
      'Use a path on this site, such as /lxp, or an address starting with https:// or http://',
    );
}
