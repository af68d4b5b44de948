import { options } from './options';

/**
 * The ecosystem's vocabularies (issue 19; docs/ecosystem.md). Sectors are registration's, stages the
 * startup stages of registration, a call's round the fundraising profile's, so each form and profile
 * speaks the same words.
 */
export { SECTORS as ECOSYSTEM_SECTORS } from './registration-choices';

export const PROJECT_STATUSES = options({
  idea: 'Idea',
  active: 'Active',
  on_hold: 'On hold',
  completed: 'Completed',
});

export const CENTER_KINDS = options({
  incubator: 'Incubator',
  accelerator: 'Accelerator',
  'startup-hub': 'Startup hub',
});

export const INVESTOR_KINDS = options({
  angel: 'Angel investor',
  vc: 'Venture capital fund',
  corporate: 'Corporate venture',
  public: 'Public fund or grant body',
  network: 'Angel network',
});

/** Deal-flow board columns, in order. */
export const DEAL_STAGES = options({
  new: 'New',
  screening: 'Screening',
  meeting: 'Meeting',
  diligence: 'Due diligence',
  term_sheet: 'Term sheet',
  passed: 'Passed',
});

/** A country on the map: ISO 3166-1 alpha-2 code, name, world-atlas id (ISO numeric) and a centre. */
export interface EcosystemCountry {
  code: string;
  name: string;
  atlasId: string;
  lat: number;
  lon: number;
}

const c = (code: string, name: string, atlasId: string, lat: number, lon: number): EcosystemCountry => ({
  code,
  name,
  atlasId,
  lat,
  lon,
});

export const ECOSYSTEM_COUNTRIES: readonly EcosystemCountry[] = [
  c('AR', 'Argentina', '032', -34, -64),
  c('AU', 'Australia', '036', -25, 134),
  c('BD', 'Bangladesh', '050', 24, 90),
  c('BR', 'Brazil', '076', -10, -52),
  c('CA', 'Canada', '124', 56, -106),
  c('CL', 'Chile', '152', -33, -71),
  c('CN', 'China', '156', 35, 104),
  c('CO', 'Colombia', '170', 4, -73),
  c('EG', 'Egypt', '818', 27, 30),
  c('EE', 'Estonia', '233', 59, 25),
  c('ET', 'Ethiopia', '231', 9, 39),
  c('FI', 'Finland', '246', 64, 26),
  c('FR', 'France', '250', 46, 2),
  c('DE', 'Germany', '276', 51, 10),
  c('GH', 'Ghana', '288', 8, -1),
  c('IN', 'India', '356', 22, 79),
  c('ID', 'Indonesia', '360', -2, 118),
  c('IE', 'Ireland', '372', 53, -8),
  c('IL', 'Israel', '376', 31, 35),
  c('IT', 'Italy', '380', 42, 12),
  c('JP', 'Japan', '392', 36, 138),
  c('KE', 'Kenya', '404', 0, 38),
  c('KR', 'South Korea', '410', 36, 128),
  c('MY', 'Malaysia', '458', 4, 102),
  c('MX', 'Mexico', '484', 23, -102),
  c('MA', 'Morocco', '504', 32, -6),
  c('NL', 'Netherlands', '528', 52, 5),
  c('NZ', 'New Zealand', '554', -41, 174),
  c('NG', 'Nigeria', '566', 9, 8),
  c('PK', 'Pakistan', '586', 30, 70),
  c('PH', 'Philippines', '608', 13, 122),
  c('PL', 'Poland', '616', 52, 19),
  c('PT', 'Portugal', '620', 39, -8),
  c('RW', 'Rwanda', '646', -2, 30),
  c('SA', 'Saudi Arabia', '682', 24, 45),
  c('SN', 'Senegal', '686', 14, -14),
  c('SG', 'Singapore', '702', 1.35, 103.8),
  c('ZA', 'South Africa', '710', -29, 24),
  c('ES', 'Spain', '724', 40, -4),
  c('SE', 'Sweden', '752', 62, 15),
  c('CH', 'Switzerland', '756', 47, 8),
  c('TR', 'Turkey', '792', 39, 35),
  c('UG', 'Uganda', '800', 1, 32),
  c('AE', 'United Arab Emirates', '784', 24, 54),
  c('GB', 'United Kingdom', '826', 54, -2),
  c('TZ', 'Tanzania', '834', -6, 35),
  c('US', 'United States', '840', 39, -98),
  c('VN', 'Vietnam', '704', 16, 107),
];

export const COUNTRY_CODES = ECOSYSTEM_COUNTRIES.map((country) => country.code) as [string, ...string[]];
export const countryName = (code: string) =>
  ECOSYSTEM_COUNTRIES.find((country) => country.code === code)?.name ?? code;
