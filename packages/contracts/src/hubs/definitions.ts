import type { HubBlock, HubDefinition } from './schema';

/**
 * The default hubs and home-layout pages as data (issue 22): each page is a definition that the one
 * generic page (apps/web/src/features/hubs/pages/DefinedHubPage.tsx) renders with HubLayout and the
 * shared blocks. The seed writes each as the published version of its hub page (modules/hubs), where platform admins
 * edit it; the web falls back to these while the server's version loads. A new hub is a new entry
 * here plus its route, not a new component.
 *
 * Filters only use parameters the lists' query schemas define. With the small demo seed, a narrow
 * filter easily comes up empty, so every page mixes one or two themed blocks with broad ones (the
 * newest events, programs, resources...) that always show something; an empty themed block shows
 * its own empty text, never an error.
 */

/* Broad blocks reused across pages: each shows the demo seed's rows to any signed-in person. */
const upcomingEvents: HubBlock = { kind: 'events', title: 'Upcoming events' };
const openCompetitions: HubBlock = { kind: 'competitions', title: 'Open competitions' };
const programs: HubBlock = { kind: 'programs', title: 'Programs to join' };
const library: HubBlock = { kind: 'resources', title: 'From the library' };
const experts: HubBlock = { kind: 'experts', title: 'Experts to book' };
const jobs: HubBlock = { kind: 'jobs', title: 'Jobs and internships' };
const fundingCalls: HubBlock = { kind: 'fundingCalls', title: 'Open funding calls' };
const readiness: HubBlock = { kind: 'readiness', title: 'Your readiness' };
const communities: HubBlock = { kind: 'communities', title: 'Communities to join' };
const myCommunities: HubBlock = {
  kind: 'communities',
  title: 'Your communities',
  filter: { view: 'mine' },
  emptyText: 'You belong to no community yet',
};
const announcements: HubBlock = { kind: 'announcements', title: 'Announcements' };
const latestPosts: HubBlock = { kind: 'posts', title: 'Latest posts', filter: { source: 'latest' } };
const feed: HubBlock = { kind: 'posts', title: 'From your network' };
const people: HubBlock = { kind: 'people', title: 'People you may know' };
const discussions: HubBlock = { kind: 'topics', title: 'Latest discussions' };
const internships: HubBlock = {
  kind: 'jobs',
  title: 'Internships',
  filter: { jobType: 'internship' },
  emptyText: 'No open internships right now',
};

const themedResources = (title: string, tags: string[], emptyText?: string): HubBlock => ({
  kind: 'resources',
  title,
  filter: { tags },
  emptyText: emptyText ?? 'Nothing in the library on this theme yet',
});
const expertsIn = (title: string, expertise: string): HubBlock => ({
  kind: 'experts',
  title,
  filter: { expertise },
  emptyText: 'No expert lists this expertise yet',
});

export const HUB_DEFINITIONS: readonly HubDefinition[] = [
  /* ---------- themed hubs ---------- */
  {
    path: '/policy-mission-hub',
    title: 'Policy and mission hub',
    intro: 'Policy papers, public programs and the funding that carries missions into the ecosystem.',
    audience: 'Government bodies, policymakers and the people who work with them',
    theme: ['policy', 'missions', 'public programs'],
    group: 'hub',
    blocks: [
      themedResources('Policy papers and reports', ['policy', 'research']),
      { ...programs, title: 'Programs and missions' },
      fundingCalls,
      announcements,
      { ...upcomingEvents, title: 'Consultations and events' },
    ],
  },
  {
    path: '/ip-compliance-hub',
    title: 'IP and compliance hub',
    intro: 'Protect what you build: templates, guides and experts on IP, rules and good practice.',
    audience: 'Founders, researchers and teams turning work into products',
    theme: ['intellectual property', 'compliance', 'templates'],
    group: 'hub',
    blocks: [
      themedResources('Templates and handbooks', ['templates', 'lab', 'policy']),
      readiness,
      experts,
      { ...programs, title: 'Learn the basics' },
      upcomingEvents,
    ],
  },
  {
    path: '/projects-cohort-hub',
    title: 'Projects and cohort hub',
    intro: 'Cohort programs, the communities around them and the mentors who guide each intake.',
    audience: 'Teams in incubator and accelerator cohorts, and their managers',
    theme: ['cohorts', 'projects', 'mentoring'],
    group: 'hub',
    blocks: [
      { ...programs, title: 'Cohort programs' },
      { ...experts, title: 'Mentors' },
      communities,
      readiness,
      upcomingEvents,
    ],
  },
  {
    path: '/csr-hub',
    title: 'CSR hub',
    intro: 'Corporate social responsibility: impact projects, communities that serve, and how to fund them.',
    audience: 'Companies, foundations and volunteers who give time and money',
    theme: ['social impact', 'sustainability', 'volunteering'],
    group: 'hub',
    blocks: [
      themedResources('Impact stories', ['energy', 'spin-off']),
      fundingCalls,
      communities,
      { ...upcomingEvents, title: 'Ways to take part' },
      latestPosts,
    ],
  },
  {
    path: '/commercialization-hub',
    title: 'Commercialization hub',
    intro: 'From lab to market: spin-off stories, first customers, funding and the experts who have done it.',
    audience: 'Researchers, inventors and founders bringing work to market',
    theme: ['commercialization', 'spin-off', 'go to market'],
    group: 'hub',
    blocks: [
      themedResources('From lab to market', ['spin-off', 'customer discovery', 'startups']),
      expertsIn('Product and market experts', 'product'),
      fundingCalls,
      readiness,
      jobs,
    ],
  },
  {
    path: '/future-pathways-hub',
    title: 'Future pathways hub',
    intro: 'Where your learning can lead: jobs, internships, programs and people to ask.',
    audience: 'Students, graduates and career changers',
    theme: ['careers', 'skills', 'pathways'],
    group: 'hub',
    blocks: [jobs, internships, programs, experts, upcomingEvents],
  },
  {
    path: '/wellbeing-hub',
    title: 'Wellbeing hub',
    intro: 'Look after yourself and each other: communities, people and gatherings beyond the work.',
    audience: 'Everyone on the platform',
    theme: ['wellbeing', 'balance', 'support'],
    group: 'hub',
    blocks: [
      communities,
      { ...upcomingEvents, title: 'Meet people' },
      people,
      feed,
      { ...library, title: 'Something to read' },
    ],
  },
  {
    path: '/student-growth-hub',
    title: 'Student growth hub',
    intro: 'Grow while you study: programs, internships, challenges and your readiness for what comes next.',
    audience: 'Students',
    theme: ['learning', 'internships', 'challenges'],
    group: 'hub',
    blocks: [programs, internships, openCompetitions, readiness, upcomingEvents, myCommunities],
  },
  {
    path: '/Academic-AI-Lab-hub',
    title: 'Academic AI lab hub',
    intro: 'Research, lab resources and challenges for students and teachers working with AI and data.',
    audience: 'Students, teachers and researchers',
    theme: ['artificial intelligence', 'research', 'lab'],
    group: 'hub',
    blocks: [
      themedResources('Research and lab resources', ['research', 'lab']),
      openCompetitions,
      { ...programs, title: 'Courses and programs' },
      expertsIn('Learning designers', 'learning design'),
      upcomingEvents,
    ],
  },
  {
    path: '/collaboration-hub',
    title: 'Collaboration hub',
    intro: 'Work with others: your communities, their discussions, and people to team up with.',
    audience: 'Anyone looking for partners, co-founders or a team',
    theme: ['collaboration', 'communities', 'teams'],
    group: 'hub',
    blocks: [myCommunities, discussions, people, communities, latestPosts],
  },
  {
    path: '/customer-discovery-hub',
    title: 'Customer discovery hub',
    intro: 'Talk to customers before you build: guides, experts in discovery and a check of your idea.',
    audience: 'Founders with an idea or an early product',
    theme: ['customer discovery', 'interviews', 'validation'],
    group: 'hub',
    blocks: [
      themedResources('Discovery guides', ['customer discovery', 'startups']),
      expertsIn('Customer discovery experts', 'customer discovery'),
      readiness,
      { ...programs, title: 'Programs' },
      upcomingEvents,
    ],
  },
  {
    path: '/startup-success-hub',
    title: 'Startup success hub',
    intro: 'Raise, pitch and grow: open calls, fundraising experts and the stories of those ahead of you.',
    audience: 'Startups and founders',
    theme: ['fundraising', 'pitching', 'growth'],
    group: 'hub',
    blocks: [
      fundingCalls,
      expertsIn('Fundraising experts', 'fundraising'),
      themedResources('Pitching and funding', ['pitching', 'funding']),
      readiness,
      openCompetitions,
      upcomingEvents,
    ],
  },
  {
    path: '/market-builder-hub',
    title: 'Market builder hub',
    intro: 'Find and grow your market: customer guides, product experts, partners and talent.',
    audience: 'Founders and teams growing a product',
    theme: ['markets', 'customers', 'growth'],
    group: 'hub',
    blocks: [
      themedResources('Market guides and templates', ['customer discovery', 'startups', 'templates']),
      expertsIn('Product experts', 'product'),
      fundingCalls,
      { ...jobs, title: 'Hire for growth' },
      communities,
    ],
  },
  {
    path: '/idea-hub',
    title: 'Idea hub',
    intro: 'Start with an idea: check how ready it is, test it in a challenge and shape it with others.',
    audience: 'Anyone with an idea',
    theme: ['ideas', 'ideation', 'validation'],
    group: 'hub',
    blocks: [
      readiness,
      openCompetitions,
      themedResources('Templates to shape your idea', ['templates', 'customer discovery']),
      expertsIn('Experts for early ideas', 'product'),
      communities,
    ],
  },
  {
    path: '/innovation-creativity-hub',
    title: 'Innovation and creativity hub',
    intro: 'Challenges, stories and talks that spark new ideas, and the people who share them.',
    audience: 'Creators, makers and innovators',
    theme: ['creativity', 'challenges', 'stories'],
    group: 'hub',
    blocks: [
      openCompetitions,
      {
        kind: 'resources',
        title: 'Stories and talks',
        filter: { kinds: ['case_study', 'video', 'podcast'] },
        emptyText: 'No stories or talks yet',
      },
      upcomingEvents,
      latestPosts,
      communities,
    ],
  },
  {
    path: '/technology-hub',
    title: 'Technology hub',
    intro: 'Technology readiness, research, challenges and technical roles across the ecosystem.',
    audience: 'Engineers, researchers and technical founders',
    theme: ['technology', 'research', 'engineering'],
    group: 'hub',
    blocks: [
      themedResources('Research and reports', ['research', 'energy', 'lab']),
      readiness,
      openCompetitions,
      { ...jobs, title: 'Technical roles' },
      experts,
    ],
  },
  {
    path: '/public-sector-hub',
    title: 'Public sector hub',
    intro: 'For public bodies: policy papers, programs, open calls and what is on across the region.',
    audience: 'Government bodies and public agencies',
    theme: ['public sector', 'policy', 'programs'],
    group: 'hub',
    blocks: [
      themedResources('Policy papers', ['policy'], 'No policy papers yet'),
      { ...programs, title: 'Public programs' },
      fundingCalls,
      announcements,
      upcomingEvents,
      communities,
    ],
  },
  {
    path: '/product-development-hub',
    title: 'Product development hub',
    intro: 'Design and build your product: templates, product experts, your technology level and the team.',
    audience: 'Founders, designers and engineers building a product',
    theme: ['product', 'design', 'development'],
    group: 'hub',
    blocks: [
      expertsIn('Product experts', 'product'),
      themedResources('Templates and guides', ['templates', 'customer discovery']),
      readiness,
      { ...jobs, title: 'Build your team' },
      programs,
    ],
  },
  {
    path: '/innovation-ecosystem-hub',
    title: 'Innovation ecosystem hub',
    intro: 'The whole ecosystem at a glance: communities, events, funding, experts and programs.',
    audience: 'Everyone in the ecosystem',
    theme: ['ecosystem', 'partners', 'support'],
    group: 'hub',
    blocks: [communities, upcomingEvents, fundingCalls, experts, programs, people],
  },

  /* ---------- the four audience hubs: one layout (shortcuts, then blocks), audience-specific blocks ---------- */
  {
    path: '/aspiring-entrepreneur-hub',
    title: 'Aspiring entrepreneur hub',
    intro: 'Thinking of starting something? Check your readiness, learn, and meet people who have done it.',
    audience: 'Aspiring entrepreneurs',
    theme: ['first venture', 'readiness', 'mentoring'],
    group: 'audience-hub',
    actions: [
      { label: 'Check your readiness', href: '/readiness-journey' },
      { label: 'Find an expert', href: '/find-expert' },
      { label: 'Explore funding', href: '/funding-hub' },
    ],
    blocks: [readiness, programs, experts, openCompetitions, fundingCalls, communities],
  },
  {
    path: '/teacher-excellence-hub',
    title: 'Teacher excellence hub',
    intro: 'For teachers: programs to teach and take, classroom resources and a community of peers.',
    audience: 'Teachers',
    theme: ['teaching', 'learning design', 'classroom'],
    group: 'audience-hub',
    actions: [
      { label: 'Manage programs', href: '/manage-programs' },
      { label: 'Explore assessments', href: '/explore-assessments' },
      { label: 'Resources', href: '/resources' },
    ],
    blocks: [
      programs,
      { ...library, title: 'Classroom resources' },
      expertsIn('Teaching and learning experts', 'education'),
      upcomingEvents,
      myCommunities,
      announcements,
    ],
  },
  {
    path: '/parent-partnership-hub',
    title: 'Parent partnership hub',
    intro: 'For parents: what your children can learn and join, and the news of their institutes.',
    audience: 'Parents',
    theme: ['family', 'learning', 'partnership'],
    group: 'audience-hub',
    actions: [
      { label: 'Events', href: '/event-block' },
      { label: 'Announcements', href: '/announcements' },
      { label: 'Programs', href: '/lxp' },
    ],
    blocks: [
      {
        kind: 'children',
        title: "Your children's learning",
        description: 'The programs of the children who registered with your email address.',
      },
      upcomingEvents,
      { ...programs, title: 'Programs for learners' },
      announcements,
      internships,
      { ...library, title: 'Reading for families' },
      communities,
    ],
  },
  {
    path: '/administrator-innovation-hub',
    title: 'Administrator innovation hub',
    intro:
      'For administrators: the news you publish, the programs you run and what is moving in the ecosystem.',
    audience: 'Institute, tenant and platform administrators',
    theme: ['administration', 'programs', 'policy'],
    group: 'audience-hub',
    actions: [
      { label: 'Admin center', href: '/admin-center' },
      { label: 'Announcements', href: '/announcements' },
      { label: 'Manage programs', href: '/manage-programs' },
    ],
    blocks: [
      announcements,
      programs,
      upcomingEvents,
      themedResources('Policy and reports', ['policy', 'research']),
      communities,
      people,
    ],
  },

  /* ---------- home layout: what the platform offers at each stage of the journey ---------- */
  {
    path: '/home',
    title: 'Home',
    intro: 'What is new for you across the platform: events, programs, your network and the library.',
    audience: 'Everyone on the platform',
    theme: ['overview'],
    group: 'home',
    blocks: [upcomingEvents, programs, feed, library, jobs, announcements],
  },
  {
    path: '/innovation-ecosystem',
    title: 'Innovation ecosystem',
    intro: 'The people, communities and money of the ecosystem, in one place.',
    audience: 'Everyone in the ecosystem',
    theme: ['ecosystem'],
    group: 'home',
    blocks: [communities, fundingCalls, experts, upcomingEvents],
  },
  {
    path: '/collaboration',
    title: 'Collaboration',
    intro: 'Your communities and their discussions, and people to work with.',
    audience: 'Everyone on the platform',
    theme: ['collaboration'],
    group: 'home',
    blocks: [myCommunities, discussions, people, latestPosts],
  },
  {
    path: '/innovation-lab',
    title: 'Innovation lab',
    intro: 'Try ideas out: open challenges, research, programs and experts to test them with.',
    audience: 'Makers, researchers and founders',
    theme: ['experiments', 'research', 'challenges'],
    group: 'home',
    blocks: [
      openCompetitions,
      themedResources('Research and lab notes', ['research', 'lab']),
      programs,
      experts,
    ],
  },
  {
    path: '/home/innovation-journey',
    title: 'Innovation journey',
    intro: 'Where you stand on the way from idea to venture, and what helps at the next step.',
    audience: 'Founders and aspiring entrepreneurs',
    theme: ['journey', 'readiness'],
    group: 'home',
    blocks: [readiness, programs, experts, fundingCalls],
  },
  {
    path: '/home/dare-and-dream',
    title: 'Dare and dream',
    intro: 'The first stage: be inspired by stories and challenges, and find people who dream alike.',
    audience: 'Anyone starting out',
    theme: ['inspiration', 'stories', 'challenges'],
    group: 'home',
    blocks: [
      openCompetitions,
      {
        kind: 'resources',
        title: 'Stories to inspire you',
        filter: { kinds: ['case_study', 'video', 'podcast'] },
        emptyText: 'No stories yet',
      },
      communities,
      latestPosts,
    ],
  },
  {
    path: '/home/spark-and-shape',
    title: 'Spark and shape',
    intro: 'Shape a spark into an idea: check it, talk to customers, and ask someone who knows.',
    audience: 'People with an idea',
    theme: ['ideas', 'customer discovery'],
    group: 'home',
    blocks: [
      readiness,
      themedResources('Shape your idea', ['customer discovery', 'templates']),
      expertsIn('Experts for early ideas', 'product'),
      programs,
    ],
  },
  {
    path: '/home/design-and-develop',
    title: 'Design and develop',
    intro: 'Design and build the first version: templates, product experts, programs and people to hire.',
    audience: 'Teams building a product',
    theme: ['design', 'product', 'development'],
    group: 'home',
    blocks: [
      expertsIn('Product experts', 'product'),
      themedResources('Templates', ['templates'], 'No templates yet'),
      programs,
      { ...jobs, title: 'Build your team' },
    ],
  },
  {
    path: '/home/build-and-launch',
    title: 'Build and launch',
    intro: 'Get to market and raise: open calls, fundraising experts, pitching and launch events.',
    audience: 'Startups getting ready to launch',
    theme: ['launch', 'fundraising', 'pitching'],
    group: 'home',
    blocks: [
      fundingCalls,
      expertsIn('Fundraising experts', 'fundraising'),
      themedResources('Pitching and funding', ['pitching', 'funding']),
      upcomingEvents,
    ],
  },
  {
    path: '/home/learn-and-upskill',
    title: 'Learn and upskill',
    intro: 'Programs, reading and experts for the skills you need next.',
    audience: 'Learners of every kind',
    theme: ['learning', 'skills'],
    group: 'home',
    blocks: [programs, library, expertsIn('Teaching and learning experts', 'education'), upcomingEvents],
  },
  {
    path: '/home/wellbeing',
    title: 'Wellbeing',
    intro: 'Time with others beyond the work: communities, gatherings and your network.',
    audience: 'Everyone on the platform',
    theme: ['wellbeing', 'community'],
    group: 'home',
    blocks: [communities, { ...upcomingEvents, title: 'Meet people' }, feed, people],
  },
  {
    path: '/home/policy-and-programs',
    title: 'Policy and programs',
    intro: 'Public programs, policy papers, funding and the announcements that concern you.',
    audience: 'Everyone following public programs',
    theme: ['policy', 'programs'],
    group: 'home',
    blocks: [
      programs,
      themedResources('Policy papers', ['policy'], 'No policy papers yet'),
      announcements,
      fundingCalls,
    ],
  },
  {
    path: '/home/engage-and-cocreate',
    title: 'Engage and co-create',
    intro: 'Build things together: communities, their discussions, open challenges and what people share.',
    audience: 'Everyone on the platform',
    theme: ['co-creation', 'communities'],
    group: 'home',
    blocks: [communities, discussions, openCompetitions, latestPosts],
  },
  {
    path: '/home/funding',
    title: 'Funding',
    intro: 'Open calls, people who help you raise, and your investor readiness.',
    audience: 'Founders looking for funding',
    theme: ['funding', 'investors'],
    group: 'home',
    blocks: [
      fundingCalls,
      expertsIn('Fundraising experts', 'fundraising'),
      themedResources('Reading on funding', ['funding'], 'No reading on funding yet'),
      readiness,
    ],
  },
  {
    path: '/home/serve-and-uplift',
    title: 'Serve and uplift',
    intro: 'Give back: communities to serve, events to help at and roles where your time counts.',
    audience: 'Volunteers, mentors and everyone who gives back',
    theme: ['service', 'volunteering', 'mentoring'],
    group: 'home',
    blocks: [
      communities,
      { ...upcomingEvents, title: 'Events to help at' },
      { ...jobs, title: 'Roles to take on' },
      people,
    ],
  },
];

const byPath = new Map(HUB_DEFINITIONS.map((hub) => [hub.path.toLowerCase(), hub]));

/**
 * The definition of a route path. The router matches paths case-insensitively (so
 * /academic-ai-lab-hub opens /Academic-AI-Lab-hub), and a trailing slash is the same page.
 */
export function findHubDefinition(pathname: string): HubDefinition | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return byPath.get(path.toLowerCase());
}
