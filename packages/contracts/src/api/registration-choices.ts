import { options } from './options';

/** The registration forms' choice lists (value → label), shared by the server and the web forms. */
export const SECTORS = options({
  agriculture: 'Agriculture and food',
  climate: 'Clean energy and climate',
  education: 'Education',
  fintech: 'Financial services',
  health: 'Health and life sciences',
  manufacturing: 'Manufacturing and hardware',
  mobility: 'Mobility and logistics',
  retail: 'Retail and e-commerce',
  software: 'Software and SaaS',
  deeptech: 'Deep tech and AI',
  media: 'Media and creative',
  tourism: 'Tourism and hospitality',
  social_impact: 'Social impact',
  other: 'Other',
});
export const CURRENCIES = options({
  USD: 'USD · US dollar',
  EUR: 'EUR · Euro',
  GBP: 'GBP · Pound sterling',
  INR: 'INR · Indian rupee',
  KES: 'KES · Kenyan shilling',
  NGN: 'NGN · Nigerian naira',
  ZAR: 'ZAR · South African rand',
  GHS: 'GHS · Ghanaian cedi',
  AED: 'AED · UAE dirham',
  SGD: 'SGD · Singapore dollar',
  CAD: 'CAD · Canadian dollar',
  AUD: 'AUD · Australian dollar',
});
export const INVESTOR_TYPES = options({
  angel: 'Angel investor',
  vc: 'Venture capital fund',
  family_office: 'Family office',
  corporate: 'Corporate or corporate venture',
  government_fund: 'Government fund',
});
export const INVESTMENT_STAGES = options({
  pre_seed: 'Pre-seed',
  seed: 'Seed',
  series_a: 'Series A',
  series_b: 'Series B',
  growth: 'Growth and later',
});
export const STARTUP_STAGES = options({
  idea: 'Idea',
  mvp: 'MVP or prototype',
  early_revenue: 'Early revenue',
  growth: 'Growth',
});
export const PROGRAMME_TYPES = options({
  pre_incubation: 'Pre-incubation',
  incubation: 'Incubation',
  acceleration: 'Acceleration',
  venture_studio: 'Venture studio',
  co_working: 'Co-working and community',
  hybrid: 'Hybrid',
});
export const PROGRAMME_SERVICES = options({
  mentoring: 'Mentoring',
  funding: 'Funding or grants',
  workspace: 'Workspace',
  legal: 'Legal and accounting',
  technical: 'Technical support',
  market_access: 'Market access',
  investor_network: 'Investor introductions',
  training: 'Training and workshops',
});
export const JURISDICTION_LEVELS = options({
  international: 'International',
  national: 'National',
  state: 'State or regional',
  district: 'District',
  municipal: 'City or municipal',
});
export const DIASPORA_CONTRIBUTIONS = options({
  mentoring: 'Mentoring',
  investing: 'Investing',
  advisory: 'Advising',
  networks: 'Opening networks and markets',
  hiring: 'Hiring or partnering',
  knowledge: 'Talks and workshops',
  volunteering: 'Volunteering',
});
export const DIASPORA_AVAILABILITY = options({
  monthly: 'A few hours a month',
  weekly: 'A few hours a week',
  projects: 'Project by project',
  visits: 'When I visit',
});
export const VOLUNTEER_CAUSES = options({
  education: 'Education',
  entrepreneurship: 'Entrepreneurship',
  environment: 'Environment',
  health: 'Health',
  youth_women: 'Youth and women',
  digital_inclusion: 'Digital inclusion',
  community: 'Community development',
  arts_culture: 'Arts and culture',
});
export const WORK_MODES = options({ remote: 'Remote', on_site: 'On-site', either: 'Either' });
export const EDUCATION_LEVELS = options({
  primary: 'Primary school',
  secondary: 'Secondary school',
  vocational: 'Vocational or technical',
  bachelors: "Bachelor's degree",
  masters: "Master's degree",
  doctorate: 'Doctorate',
  other: 'Other',
});
export const INDIVIDUAL_GOALS = options({
  learn: 'Learn new skills',
  career: 'Find a job or internship',
  start_business: 'Start a business',
  mentor: 'Find a mentor',
  network: 'Meet people in the ecosystem',
  give_back: 'Give back',
});
