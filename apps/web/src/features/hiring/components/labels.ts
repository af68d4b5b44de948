import { POSTING_TYPE_LABELS, type PostingItem } from '@nexus/contracts';

const regions =
  typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'region' }) : null;

/** "Berlin, Germany", "Remote (India)" or both for a remote job with a base. */
export function placeLabel(posting: Pick<PostingItem, 'remote' | 'city' | 'country'>): string {
  const country = regions?.of(posting.country) ?? posting.country;
  if (posting.remote) return posting.city ? `Remote or ${posting.city}, ${country}` : `Remote (${country})`;
  return `${posting.city}, ${country}`;
}

export const typeLabel = (posting: Pick<PostingItem, 'job_type'>) => POSTING_TYPE_LABELS[posting.job_type];

const dateFormat = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric' });
export const dayLabel = (iso: string) => dateFormat.format(new Date(iso));
