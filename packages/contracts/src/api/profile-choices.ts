import { options } from './options';
import { SECTORS } from './registration-choices';

/** The profile sections' choice lists with their labels (docs/profiles.md). */
export const VENTURE_STAGES = options({
  idea: 'Idea',
  validation: 'Validating the problem',
  mvp: 'MVP or prototype',
  early_revenue: 'Early revenue',
  growth: 'Growth',
  scale: 'Scaling',
});
/** One sector vocabulary across registration and profiles. */
export const PROFILE_SECTORS = SECTORS;
export const VOLUNTEER_AVAILABILITY = options({
  weekdays: 'Weekdays',
  evenings: 'Evenings',
  weekends: 'Weekends',
  flexible: 'Flexible',
});
export const VOLUNTEER_MODES = options({ remote: 'Remote', in_person: 'In person', either: 'Either' });
export const JOB_TYPES = options({
  full_time: 'Full-time',
  part_time: 'Part-time',
  internship: 'Internship',
  apprenticeship: 'Apprenticeship',
  contract: 'Contract',
  freelance: 'Freelance',
});
export const WORK_PLACES = options({ on_site: 'On-site', hybrid: 'Hybrid', remote: 'Remote', any: 'Any' });
export const FUNDING_STAGES = options({
  pre_seed: 'Pre-seed',
  seed: 'Seed',
  series_a: 'Series A',
  series_b: 'Series B',
  growth: 'Growth',
  bridge: 'Bridge',
});
export const FUNDING_INSTRUMENTS = options({
  equity: 'Equity',
  safe: 'SAFE',
  convertible_note: 'Convertible note',
  debt: 'Debt or loan',
  grant: 'Grant',
  revenue_based: 'Revenue-based financing',
  other: 'Other',
});
export const FUNDING_CURRENCIES = options({
  USD: 'USD',
  EUR: 'EUR',
  GBP: 'GBP',
  INR: 'INR',
  KES: 'KES',
  NGN: 'NGN',
  ZAR: 'ZAR',
  GHS: 'GHS',
  AED: 'AED',
  SGD: 'SGD',
  CAD: 'CAD',
  AUD: 'AUD',
});

/**
 * The self-assessment rates the 15 competences of EntreComp, the European Commission's
 * entrepreneurship competence framework, in its three areas.
 */
export const COMPETENCE_AREAS = options({
  ideas: 'Ideas and opportunities',
  resources: 'Resources',
  action: 'Into action',
});
export type CompetenceArea = (typeof COMPETENCE_AREAS.values)[number];
export const COMPETENCES = [
  { key: 'spotting_opportunities', area: 'ideas', label: 'Spotting opportunities' },
  { key: 'creativity', area: 'ideas', label: 'Creativity' },
  { key: 'vision', area: 'ideas', label: 'Vision' },
  { key: 'valuing_ideas', area: 'ideas', label: 'Valuing ideas' },
  { key: 'ethical_thinking', area: 'ideas', label: 'Ethical and sustainable thinking' },
  { key: 'self_awareness', area: 'resources', label: 'Self-awareness and self-efficacy' },
  { key: 'motivation', area: 'resources', label: 'Motivation and perseverance' },
  { key: 'mobilising_resources', area: 'resources', label: 'Mobilising resources' },
  { key: 'financial_literacy', area: 'resources', label: 'Financial and economic literacy' },
  { key: 'mobilising_others', area: 'resources', label: 'Mobilising others' },
  { key: 'taking_initiative', area: 'action', label: 'Taking the initiative' },
  { key: 'planning', area: 'action', label: 'Planning and management' },
  { key: 'coping_with_uncertainty', area: 'action', label: 'Coping with uncertainty, ambiguity and risk' },
  { key: 'working_with_others', area: 'action', label: 'Working with others' },
  { key: 'learning_through_experience', area: 'action', label: 'Learning through experience' },
] as const satisfies readonly { key: string; area: CompetenceArea; label: string }[];
export type CompetenceKey = (typeof COMPETENCES)[number]['key'];

export const SELF_ASSESSMENT_LEVELS = options({
  foundation: 'Foundation',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
  expert: 'Expert',
});
export type SelfAssessmentLevel = (typeof SELF_ASSESSMENT_LEVELS.values)[number];
