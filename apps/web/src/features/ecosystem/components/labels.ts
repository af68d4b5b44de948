import {
  CENTER_KINDS,
  DEAL_STAGES,
  ECOSYSTEM_COUNTRIES,
  ECOSYSTEM_SECTORS,
  FUNDING_STAGES,
  INVESTOR_KINDS,
  PROJECT_STATUSES,
  STARTUP_STAGES,
} from '@nexus/contracts';

const label = (labels: Record<string, string>) => (value: string) => labels[value] ?? value;

export const sectorLabel = label(ECOSYSTEM_SECTORS.labels);
export const stageLabel = label(STARTUP_STAGES.labels);
export const roundLabel = label(FUNDING_STAGES.labels);
export const statusLabel = label(PROJECT_STATUSES.labels);
export const kindLabel = label({ ...CENTER_KINDS.labels, ...INVESTOR_KINDS.labels });
export const dealStageLabel = label(DEAL_STAGES.labels);
export const countryLabel = (code: string) => ECOSYSTEM_COUNTRIES.find((c) => c.code === code)?.name ?? code;

const options = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, text]) => ({ value, label: text }));
export const SECTOR_OPTIONS = options(ECOSYSTEM_SECTORS.labels);
export const STAGE_OPTIONS = options(STARTUP_STAGES.labels);
export const ROUND_OPTIONS = options(FUNDING_STAGES.labels);
export const STATUS_OPTIONS = options(PROJECT_STATUSES.labels);
export const CENTER_KIND_OPTIONS = options(CENTER_KINDS.labels);
export const INVESTOR_KIND_OPTIONS = options(INVESTOR_KINDS.labels);
export const COUNTRY_OPTIONS = ECOSYSTEM_COUNTRIES.map((c) => ({ value: c.code, label: c.name }));

export const money = (amount: number, currency = 'USD') =>
  new Intl.NumberFormat('en', { style: 'currency', currency, maximumFractionDigits: 0 }).format(amount);
export const dateLabel = (iso: string) =>
  new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso));
