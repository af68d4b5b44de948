import { type PostingType, SCHEMA_ORG_EMPLOYMENT_TYPES } from '@nexus/contracts';

export interface JsonLdSource {
  posting_id: number;
  title: string;
  description: string;
  job_type: PostingType;
  remote: boolean;
  city: string | null;
  country: string;
  organisation: string;
  posted_at: string;
  closes_at: string;
}

/**
 * schema.org JobPosting of a posting (Google's required and recommended fields): an on-site job
 * names its place, a remote one says TELECOMMUTE and where applicants may live.
 */
export function jobPostingJsonLd(posting: JsonLdSource, origin: string): Record<string, unknown> {
  const ld: Record<string, unknown> = {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: posting.title,
    description: posting.description,
    identifier: { '@type': 'PropertyValue', name: posting.organisation, value: String(posting.posting_id) },
    datePosted: posting.posted_at.slice(0, 10),
    validThrough: posting.closes_at,
    employmentType: SCHEMA_ORG_EMPLOYMENT_TYPES[posting.job_type],
    hiringOrganization: { '@type': 'Organization', name: posting.organisation },
    url: `${origin}/search-jobs/${posting.posting_id}`,
  };
  if (posting.remote) {
    ld.jobLocationType = 'TELECOMMUTE';
    ld.applicantLocationRequirements = { '@type': 'Country', name: posting.country };
  }
  if (posting.city || !posting.remote) {
    ld.jobLocation = {
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        ...(posting.city ? { addressLocality: posting.city } : {}),
        addressCountry: posting.country,
      },
    };
  }
  return ld;
}

/** JSON for an inline script: `<` escaped so no `</script>` in a title can end the element. */
export const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
