/**
 * The readiness journeys' dimensions and their nine levels (issue 19 point 4; docs/readiness.md).
 * Technology is NASA's Technology Readiness Level; customer, business model, IPR, team and funding
 * are the dimensions of KTH's Innovation Readiness Level; problem, solution and market are the idea
 * journey's, written in the same one-to-nine style. A level is reached when its statement is true.
 */

export const READINESS_JOURNEYS = ['idea', 'technology', 'entrepreneurial', 'investor'] as const;
export type ReadinessJourney = (typeof READINESS_JOURNEYS)[number];

export const READINESS_DIMENSIONS = [
  'problem',
  'solution',
  'market',
  'technology',
  'customer',
  'business_model',
  'ipr',
  'team',
  'funding',
] as const;
export type ReadinessDimension = (typeof READINESS_DIMENSIONS)[number];

export const READINESS_DIMENSION_LABELS: Record<ReadinessDimension, string> = {
  problem: 'Problem',
  solution: 'Solution',
  market: 'Market',
  technology: 'Technology',
  customer: 'Customer',
  business_model: 'Business model',
  ipr: 'IPR',
  team: 'Team',
  funding: 'Funding',
};

const KTH: ReadinessDimension[] = ['customer', 'technology', 'business_model', 'ipr', 'team', 'funding'];

export interface ReadinessJourneyDefinition {
  title: string;
  /** The page of the journey. */
  path: string;
  intro: string;
  dimensions: ReadinessDimension[];
  /** The question asked per dimension ({dimension} is its label in lower case). */
  prompt: string;
  /** Levels an investor typically expects before a seed round (investor readiness only). */
  targets?: Partial<Record<ReadinessDimension, number>>;
}

export const READINESS_JOURNEY_DEFINITIONS: Record<ReadinessJourney, ReadinessJourneyDefinition> = {
  idea: {
    title: 'Idea readiness',
    path: '/idea-readiness',
    intro: 'How far your idea has come: the problem, your solution and the market for it.',
    dimensions: ['problem', 'solution', 'market'],
    prompt: 'Which statement best describes your {dimension} today?',
  },
  technology: {
    title: 'Technology readiness',
    path: '/technology-readiness',
    intro:
      "NASA's Technology Readiness Levels: from basic principles (1) to a system proven in operation (9).",
    dimensions: ['technology'],
    prompt: 'Which statement best describes your technology today?',
  },
  entrepreneurial: {
    title: 'Entrepreneurial readiness',
    path: '/entrepreneurial-readiness',
    intro: "KTH's Innovation Readiness Level: six dimensions of a venture, each from 1 to 9.",
    dimensions: KTH,
    prompt: 'Which statement best describes your {dimension} today?',
  },
  investor: {
    title: 'Investor readiness',
    path: '/investor-readiness',
    intro:
      "What you could show an investor today, on KTH's six dimensions, beside the levels investors usually expect before a seed round.",
    dimensions: KTH,
    prompt: 'What could you show an investor about your {dimension} today?',
    targets: { customer: 5, technology: 5, business_model: 5, ipr: 4, team: 6, funding: 5 },
  },
};

export const READINESS_LEVELS: Record<ReadinessDimension, readonly string[]> = {
  problem: [
    'You suspect a problem exists.',
    'The problem and who has it are written down.',
    'You have talked about it with a few people who have it.',
    'At least ten people who have it confirmed it in interviews.',
    'You measured how often it happens or what it costs.',
    'People already spend money or time working around it.',
    'People have asked you for a fix or committed to trying one.',
    'The problem is ranked among the top three of your target customers.',
    'The problem is documented across a whole market segment.',
  ],
  solution: [
    'A first idea of a solution.',
    'The solution is sketched and its key assumptions listed.',
    'You compared it with the alternatives people use today.',
    'A mock-up or demo that people can react to.',
    'People tried the demo and told you what to change.',
    'A working prototype solves the core of the problem.',
    'Users used the prototype for real work.',
    'Users say they would be very disappointed without it.',
    'The solution is in regular use and users recommend it.',
  ],
  market: [
    'A guess at who would buy.',
    'Target customers described.',
    'Market size estimated from public sources.',
    'Competitors and alternatives mapped.',
    'A first segment chosen, with reasons.',
    'A price tested in conversations.',
    'Letters of intent or pre-orders.',
    'Paying customers in the first segment.',
    'A repeatable way to reach new customers.',
  ],
  technology: [
    'Basic principles observed and reported.',
    'Technology concept and/or application formulated.',
    'Analytical and experimental critical function and/or characteristic proof of concept.',
    'Component and/or breadboard validation in a laboratory environment.',
    'Component and/or breadboard validation in a relevant environment.',
    'System/subsystem model or prototype demonstration in a relevant environment.',
    'System prototype demonstration in an operational environment.',
    'Actual system completed and qualified through test and demonstration.',
    'Actual system proven through successful mission operations.',
  ],
  customer: [
    'A hypothesis about possible needs in the market.',
    'Specific needs in the market identified.',
    'First market feedback established.',
    'Problem or needs confirmed by several customers or users.',
    'Interest in the product established with users.',
    'Benefits confirmed through partnerships or first customer tests.',
    'Customers in extended product testing or first test sales.',
    'First products sold.',
    'Widespread product sales.',
  ],
  business_model: [
    'A hypothesis about a possible business concept.',
    'A possible business model described.',
    'Market size and competition assessed.',
    'A first revenue model and business model drafted.',
    'Parts of the business model tested in the market.',
    'A sustainable business model verified in test sales.',
    'The business model validated through sales.',
    'The business model proven to scale.',
    'Stable, growing revenue from a proven business model.',
  ],
  ipr: [
    'A hypothesis about possible intellectual property.',
    'Forms of possible IPR identified and their owner clarified.',
    'Possible IPR described in detail; a first freedom-to-operate search.',
    'Novelty confirmed and an IPR strategy outlined.',
    'A draft IPR strategy; first filing or a decision to keep it secret.',
    'First patent application filed, or the IPR strategy in use.',
    'The IPR strategy confirmed by a professional; filings in key markets.',
    'The IPR strategy implemented; rights granted in key markets.',
    'Strong IPR protection in every relevant market.',
  ],
  team: [
    'One person, little view of what it takes.',
    'The competences needed are identified.',
    'A few members with relevant skills; missing skills named.',
    'A champion leads; recruiting has started.',
    'The team covers the key competences.',
    'A complementary team that works well together.',
    'An aligned, committed team with clear roles and goals.',
    'A high-performing team with a plan to grow.',
    'An organisation that recruits and develops people continuously.',
  ],
  funding: [
    'No clear view of the funding needed.',
    'Initial funding needs and sources described.',
    'First funding (for example a grant) secured to verify the idea.',
    'A pitch and a funding plan for the next phase.',
    'The pitch tested with investors; soft funding applied for.',
    'Further funding (soft funding or angels) secured.',
    'An investment pitch and data room ready; talking with investors.',
    'A term sheet from investors.',
    'Investment secured to reach the next milestones.',
  ],
};

/** Below this level a dimension counts as "Need Expert Support" in the statistics. */
export const READINESS_SUPPORT_BELOW = 4;
