/**
 * Every client route of spec section 2, with its access rule and the roadmap area that owns it.
 * Paths use React Router's `:param` syntax; the spec's `{param}` names are kept verbatim.
 */
export const AREAS = [
  'platform',
  'identity',
  'administration',
  'learning',
  'events',
  'community',
  'messaging',
  'ecosystem',
] as const;
export type Area = (typeof AREAS)[number];

export interface RouteDef {
  path: string;
  /** Public routes render without a session (spec section 6). */
  public: boolean;
  /** Tenant-aware routes resolve the current tenant before rendering (spec section 2). */
  tenantAware: boolean;
  /** `/tenant-setup` is private but must not require a current tenant (spec section 2). */
  skipTenantCheck?: boolean;
  /** A page of our own beyond spec section 2 (the spec allows more); not counted as a spec route. */
  beyondSpec?: boolean;
  area: Area;
  title: string;
}

type Options = Partial<Pick<RouteDef, 'public' | 'tenantAware' | 'skipTenantCheck' | 'beyondSpec'>>;

function r(path: string, area: Area, title: string, options: Options = {}): RouteDef {
  return { path, area, title, public: false, tenantAware: false, ...options };
}

const HOME_LAYOUT_PATHS = [
  '/home',
  '/connect',
  '/innovation-ecosystem',
  '/collaboration',
  '/networking',
  '/innovation-lab',
  '/content',
  '/home/innovation-journey',
  '/home/dare-and-dream',
  '/home/spark-and-shape',
  '/home/design-and-develop',
  '/home/build-and-launch',
  '/home/learn-and-upskill',
  '/home/read-and-grow',
  '/home/wellbeing',
  '/home/policy-and-programs',
  '/home/engage-and-cocreate',
  '/home/challenges',
  '/home/funding',
  '/home/events',
  '/home/insights',
  '/home/serve-and-uplift',
] as const;

const HUB_PATHS = [
  '/funding-hub',
  '/policy-mission-hub',
  '/ip-compliance-hub',
  '/projects-cohort-hub',
  '/csr-hub',
  '/commercialization-hub',
  '/job-internship-hub',
  '/future-pathways-hub',
  '/networking-hub',
  '/connect-hub',
  '/wellbeing-hub',
  '/competition-hub',
  '/knowledge-hub',
  '/student-growth-hub',
  '/Academic-AI-Lab-hub',
  '/collaboration-hub',
  '/event-hub',
  '/customer-discovery-hub',
  '/startup-success-hub',
  '/community-hub',
  '/market-builder-hub',
  '/idea-hub',
  '/innovation-creativity-hub',
  '/technology-hub',
  '/public-sector-hub',
  '/product-development-hub',
  '/innovation-ecosystem-hub',
  '/aspiring-entrepreneur-hub',
  '/teacher-excellence-hub',
  '/parent-partnership-hub',
  '/administrator-innovation-hub',
] as const;

function titleFromPath(path: string): string {
  const last = path.split('/').filter(Boolean).pop() ?? 'home';
  const words = last.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const ROUTES: readonly RouteDef[] = [
  // Public (spec section 2 and 6)
  r('/login', 'identity', 'Sign in', { public: true }),
  r('/auth', 'identity', 'Sign in', { public: true }),
  r('/competition/blockchain', 'events', 'Blockchain competition', { public: true }),
  r('/search-jobs', 'ecosystem', 'Jobs and internships', { public: true }),
  r('/search-jobs/:postingId', 'ecosystem', 'Job posting', { public: true, beyondSpec: true }),
  r('/investor-hub', 'ecosystem', 'Investor hub', { public: true }),

  // Entry, account and onboarding
  r('/', 'administration', 'Admin view', { tenantAware: true }),
  r('/account', 'identity', 'Account'),
  r('/account-callback', 'identity', 'Signing you in'),
  r('/sign-up', 'identity', 'Sign up'),
  r('/register', 'identity', 'Register'),
  r('/select-role', 'identity', 'Choose a role'),
  r('/change-password', 'identity', 'Change password'),
  r('/onboarding', 'identity', 'Onboarding'),
  r('/tenant-setup', 'administration', 'Set up an organisation', { skipTenantCheck: true }),
  r('/settings', 'identity', 'Account settings'),
  r('/user/home', 'identity', 'Home'),
  r('/user-home', 'identity', 'Home'),
  r('/my-apps', 'ecosystem', 'My apps'),
  r('/my-apps2', 'ecosystem', 'My apps'),
  r('/my-library', 'learning', 'My library'),
  r('/ecosystem-map', 'ecosystem', 'Ecosystem map'),
  r('/membership', 'administration', 'Membership'),
  r('/innovation-workspace', 'ecosystem', 'Innovation workspace'),
  r('/learning-journey', 'learning', 'Learning journey'),
  r('/admin-center', 'administration', 'Admin center', { tenantAware: true }),
  r('/gemini-test', 'ecosystem', 'AI suggestions test'),
  r('/sso-initiate-test', 'identity', 'Sign-in test'),
  r('/test-calendar', 'events', 'Calendar test'),

  // Profiles
  r('/profile/:userId', 'identity', 'Profile'),
  r('/user/profile/:user_id', 'identity', 'Profile'),
  r('/profile/entrepreneurial', 'identity', 'Entrepreneurial profile'),
  r('/volunteer-profile/:UserId', 'identity', 'Volunteer profile'),
  r('/employability-profile', 'identity', 'Employability profile'),
  r('/self-assessment', 'identity', 'Self assessment'),
  r('/fundrasing-profile', 'identity', 'Fundraising profile'),
  r('/profiles', 'identity', 'Profiles'),

  // Registration
  r('/registration/investor', 'identity', 'Investor registration'),
  r('/registration/entrepreneur', 'identity', 'Entrepreneur registration'),
  r('/registration/startup', 'identity', 'Startup registration'),
  r('/registration/incubator', 'identity', 'Incubator registration'),
  r('/registration/accelerator', 'identity', 'Accelerator registration'),
  r('/registration/startup-hub', 'identity', 'Startup hub registration'),
  r('/registration/government-body', 'identity', 'Government body registration'),
  r('/registration/industry-body', 'identity', 'Industry body registration'),
  r('/registration/diaspora', 'identity', 'Diaspora registration'),
  r('/registration/:passedRole', 'identity', 'Registration'),
  r('/individual-registration', 'identity', 'Individual registration'),
  r('/volunteer-registration', 'identity', 'Volunteer registration'),

  // Competitions and events
  r('/manage-competitions', 'events', 'Manage competitions'),
  r('/competition/manage/:competitionId', 'events', 'Manage competition'),
  r('/competition/overview/:eventId', 'events', 'Competition'),
  r('/events/registered-competition/:eventId', 'events', 'Registered competition'),
  r('/competition-block', 'events', 'Competitions'),
  r('/event/manage/:eventId', 'events', 'Manage event'),
  r('/events/overview/:event_id', 'events', 'Event'),
  r('/events/registered-event/:eventId', 'events', 'Registered event'),
  r('/event-block', 'events', 'Events'),

  // Expert programs
  r('/expert-program-overview/:expertProgramId', 'ecosystem', 'Expert program'),
  r('/expert-program-interaction/:programId', 'ecosystem', 'Expert program interaction'),
  r('/my-expert-programs', 'ecosystem', 'My expert programs'),
  r('/find-expert', 'ecosystem', 'Find an expert'),

  // Posts, forums and community
  r('/write-a-post/:postId', 'community', 'Write a post'),
  r('/edit-post/:postId', 'community', 'Edit post'),
  r('/show-post/:postId', 'community', 'Post'),
  r('/post-details', 'community', 'Post details'),
  r('/forum/:id', 'community', 'Forum'),
  r('/community/:communityId/discussion-forum', 'community', 'Discussion forum'),
  r('/new-community/:community_common_id', 'community', 'New community'),
  r('/community', 'community', 'Community'),
  r('/community/members', 'community', 'Members'),
  r('/community/manage', 'community', 'Manage community'),
  r('/community/connections', 'community', 'Connections'),
  r('/community/groups', 'community', 'Groups'),
  r('/community/events', 'community', 'Community events'),
  r('/community/competitions', 'community', 'Community competitions'),
  r('/community/my-connections', 'community', 'My connections'),
  r('/community/my-posts', 'community', 'My posts'),
  r('/community/my-community-circles', 'community', 'My community circles'),
  r('/communityManage', 'community', 'Manage communities'),
  r('/group-manage', 'community', 'Manage groups'),
  r('/network', 'community', 'Network'),

  // Assessments
  r('/assessment/:assessment_id', 'learning', 'Assessment'),
  r('/assessments', 'learning', 'My assessments'),
  r('/explore-assessments', 'learning', 'Explore assessments'),
  r('/assessment-overview/:assessmentId', 'learning', 'Assessment overview'),
  r('/survey-report/:assessmentId', 'learning', 'Survey report'),
  // Not a spec route (the spec allows more): where authors build an assessment.
  r('/assessment/manage/:assessmentId', 'learning', 'Assessment builder', { beyondSpec: true }),

  // Programs and courses
  r('/programs/overview/:programId', 'learning', 'Program overview'),
  r('/program-content/:programId', 'learning', 'Program content'),
  r('/program-content/:programId/course-content/:courseId', 'learning', 'Course content'),
  r(
    '/program-content/:programId/course-content/:courseId/module-content/:moduleId',
    'learning',
    'Module content',
  ),
  r('/attendance/:type/:scheduleId/:contentId/:batchId', 'learning', 'Attendance'),
  // Not in spec section 2: teachers and admins build programs in the browser (issue 5, part 3).
  r('/manage-programs', 'learning', 'Manage programs', { beyondSpec: true }),
  r('/program/manage/:programId', 'learning', 'Program builder', { beyondSpec: true }),
  // Not in spec section 2: admins edit hubs in the browser (issue 22; docs/hubs.md).
  r('/manage-hubs', 'ecosystem', 'Manage hubs', { beyondSpec: true }),
  r('/manage-hubs/:hubId', 'ecosystem', 'Hub editor', { beyondSpec: true }),

  // Messaging and calendar
  r('/notifications', 'messaging', 'Notifications'),
  r('/announcements', 'messaging', 'Announcements'),
  r('/messages', 'messaging', 'Messages'),
  r('/calendar', 'events', 'Calendar'),

  // Admin and management
  r('/clients', 'administration', 'Clients'),
  r('/license-ums/:licenseId', 'administration', 'License seats'),
  r('/t/:tenant_type/:tenant_name/admin-center', 'administration', 'Admin center', { tenantAware: true }),
  r('/t/:tenant_type/:tenant_name/user/home', 'administration', 'Home', { tenantAware: true }),

  // Media
  r('/stream/:id', 'ecosystem', 'Video', { public: true }),
  r('/playlists/:id', 'ecosystem', 'Playlist', { public: true }),

  // Projects, startups, centers
  r('/all-projects', 'ecosystem', 'All projects'),
  r('/find-project', 'ecosystem', 'Find a project'),
  r('/project-overview/:projectId', 'ecosystem', 'Project'),
  r('/explore-project', 'ecosystem', 'Explore projects'),
  r('/startup-project/overview/:startupId', 'ecosystem', 'Startup'),
  r('/innovation-center/overview/:centerId', 'ecosystem', 'Innovation center'),

  // Resources
  r('/resources', 'ecosystem', 'Resources'),
  r('/resource-filter', 'ecosystem', 'Find resources'),
  r('/resource-hub', 'ecosystem', 'Resource hub'),
  r('/publications', 'ecosystem', 'Publications'),
  r('/publications/overview/:itemId', 'ecosystem', 'Publication', { public: true }),
  r('/upload-documents', 'ecosystem', 'Upload documents'),
  r('/documents-portal/:portalId', 'ecosystem', 'Documents portal'),

  // Services and other
  r('/services/certification-programs', 'learning', 'Certification programs'),
  r('/services/csr', 'ecosystem', 'CSR services'),
  r('/services/volunteer-services', 'ecosystem', 'Volunteer services'),
  r('/services/volunteering-services', 'ecosystem', 'Volunteering services'),
  r('/lxp', 'learning', 'Learning experience'),
  r('/government-help', 'ecosystem', 'Government help'),
  r('/recruitment-portal', 'ecosystem', 'Recruitment portal'),
  r('/search-institute', 'administration', 'Find an institute'),
  r('/institute-view', 'administration', 'Institute'),
  // Issue 22 point 5: the help pages read signed out too; a privacy policy must be readable before
  // anyone signs in or consents to cookies.
  r('/faqs', 'ecosystem', 'FAQs', { public: true }),
  r('/privacy-policy', 'ecosystem', 'Privacy policy', { public: true }),
  r('/career', 'ecosystem', 'Career'),
  r('/swap', 'ecosystem', 'Swap'),
  r('/dairy', 'ecosystem', 'Diary'),
  r('/notes', 'ecosystem', 'Notes'),
  r('/student/support', 'ecosystem', 'Student support'),
  // Issue 5, part 7: anyone checks a certificate, signed out too.
  r('/certification/:userId/:publicKey', 'learning', 'Certificate authentication', { public: true }),
  r('/:hash', 'identity', 'Invitation'),

  // Home layout and hubs
  ...HOME_LAYOUT_PATHS.map((path) => r(path, 'ecosystem', titleFromPath(path))),
  ...HUB_PATHS.map((path) => r(path, 'ecosystem', titleFromPath(path))),

  // Readiness and content details
  r('/readiness-journey', 'ecosystem', 'Readiness journey'),
  r('/entrepreneurial-readiness', 'ecosystem', 'Entrepreneurial readiness'),
  r('/idea-readiness', 'ecosystem', 'Idea readiness'),
  r('/technology-readiness', 'ecosystem', 'Technology readiness'),
  r('/investor-readiness', 'ecosystem', 'Investor readiness'),
  r('/article/:id', 'ecosystem', 'Article', { public: true }),
  r('/video/:id', 'ecosystem', 'Video', { public: true }),
  r('/podcast/:id', 'ecosystem', 'Podcast', { public: true }),
  r('/case-study/:id', 'ecosystem', 'Case study', { public: true }),
  r('/template/:id', 'ecosystem', 'Template', { public: true }),
  r('/report/:id', 'ecosystem', 'Report', { public: true }),
];

export const PUBLIC_PATHS: readonly string[] = ROUTES.filter((route) => route.public).map(
  (route) => route.path,
);

/** Paths of the shared home layout and the hubs that share one layout (spec section 2). */
export const HOME_LAYOUT_ROUTES: readonly string[] = HOME_LAYOUT_PATHS;
export const HUB_ROUTES: readonly string[] = HUB_PATHS;

/** Turns `/profile/:userId` into a matcher; used to classify a concrete path. */
export function routePattern(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}/?$`);
}

/** True when a concrete path is one of the spec's public routes. */
export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.some((path) => routePattern(path).test(pathname));
}
