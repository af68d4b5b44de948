import {
  MANAGE_CUSTOM_ROLES_PATH,
  TEMP_ROLE_DISPLAY_NAME,
  TEMP_ROLE_ID,
  TEMP_ROLE_NAME,
} from '@nexus/contracts';

export const DEMO_PASSWORD = 'Nexus-Demo-2026!';

export interface SystemRole {
  role_id: number;
  role_name: string;
  display_name: string;
  role_view: 'admin' | 'user';
}

/** System roles with fixed ids (DESIGN section 5); one per registration role type of spec section 6. */
export const SYSTEM_ROLES: readonly SystemRole[] = [
  { role_id: 1, role_name: 'admin', display_name: 'Platform Admin', role_view: 'admin' },
  { role_id: 2, role_name: 'tenant-admin', display_name: 'Tenant Admin', role_view: 'admin' },
  { role_id: 3, role_name: 'investor', display_name: 'Investor', role_view: 'user' },
  { role_id: 4, role_name: 'entrepreneur', display_name: 'Entrepreneur', role_view: 'user' },
  { role_id: 5, role_name: 'startup', display_name: 'Startup', role_view: 'user' },
  { role_id: 6, role_name: 'incubator', display_name: 'Incubator', role_view: 'user' },
  { role_id: 7, role_name: 'accelerator', display_name: 'Accelerator', role_view: 'user' },
  { role_id: 8, role_name: 'startup-hub', display_name: 'Startup Hub', role_view: 'user' },
  { role_id: 9, role_name: 'government-body', display_name: 'Government Body', role_view: 'user' },
  { role_id: 10, role_name: 'industry-body', display_name: 'Industry Body', role_view: 'user' },
  { role_id: 11, role_name: 'diaspora', display_name: 'Diaspora', role_view: 'user' },
  { role_id: 12, role_name: 'volunteer', display_name: 'Volunteer', role_view: 'user' },
  { role_id: 13, role_name: 'individual', display_name: 'Individual', role_view: 'user' },
  { role_id: 14, role_name: 'teacher', display_name: 'Teacher', role_view: 'user' },
  { role_id: 15, role_name: 'student', display_name: 'Student', role_view: 'user' },
  { role_id: 16, role_name: 'mentor', display_name: 'Mentor', role_view: 'user' },
  { role_id: 17, role_name: 'parent', display_name: 'Parent', role_view: 'user' },
  { role_id: 18, role_name: 'institute-admin', display_name: 'Institute Admin', role_view: 'admin' },
  {
    role_id: TEMP_ROLE_ID,
    role_name: TEMP_ROLE_NAME,
    display_name: TEMP_ROLE_DISPLAY_NAME,
    role_view: 'user',
  },
];

export const DEMO_TENANTS = [
  { key: 'institute', tenant_type: 'institute', tenant_name: 'Riverside Institute of Technology' },
  { key: 'incubator', tenant_type: 'incubator', tenant_name: 'Northstar Incubator' },
  { key: 'government', tenant_type: 'government-body', tenant_name: 'State Innovation Council' },
  { key: 'corporate', tenant_type: 'corporate', tenant_name: 'Acme Corporate Labs' },
] as const;
export type DemoTenantKey = (typeof DEMO_TENANTS)[number]['key'];

export interface DemoUser {
  username: string;
  first_name: string;
  last_name: string;
  /** Role on the main platform. */
  role: string;
  /** Extra roles inside a tenant. */
  tenantRoles?: { tenant: DemoTenantKey; role: string }[];
}

/** One demo user per role (email `<username>@nexus.local`, password DEMO_PASSWORD); see DEMO_ACCOUNTS.md. */
export const DEMO_USERS: readonly DemoUser[] = [
  { username: 'investor', first_name: 'Ivy', last_name: 'Investor', role: 'investor' },
  { username: 'entrepreneur', first_name: 'Ethan', last_name: 'Founder', role: 'entrepreneur' },
  { username: 'startup', first_name: 'Sofia', last_name: 'Startup', role: 'startup' },
  {
    username: 'incubator',
    first_name: 'Ines',
    last_name: 'Incubator',
    role: 'incubator',
    tenantRoles: [{ tenant: 'incubator', role: 'tenant-admin' }],
  },
  { username: 'accelerator', first_name: 'Arjun', last_name: 'Accelerator', role: 'accelerator' },
  { username: 'startup-hub', first_name: 'Hana', last_name: 'Hub', role: 'startup-hub' },
  {
    username: 'government',
    first_name: 'Grace',
    last_name: 'Council',
    role: 'government-body',
    tenantRoles: [{ tenant: 'government', role: 'tenant-admin' }],
  },
  { username: 'industry', first_name: 'Ivan', last_name: 'Industry', role: 'industry-body' },
  { username: 'diaspora', first_name: 'Dara', last_name: 'Abroad', role: 'diaspora' },
  { username: 'volunteer', first_name: 'Vera', last_name: 'Volunteer', role: 'volunteer' },
  { username: 'individual', first_name: 'Indira', last_name: 'Solo', role: 'individual' },
  {
    username: 'teacher',
    first_name: 'Tomas',
    last_name: 'Teacher',
    role: 'teacher',
    tenantRoles: [{ tenant: 'institute', role: 'teacher' }],
  },
  {
    username: 'student',
    first_name: 'Stella',
    last_name: 'Student',
    role: 'student',
    tenantRoles: [{ tenant: 'institute', role: 'student' }],
  },
  { username: 'mentor', first_name: 'Milo', last_name: 'Mentor', role: 'mentor' },
  { username: 'parent', first_name: 'Paula', last_name: 'Parent', role: 'parent' },
  // Paula's child (issue 22): registered as a minor with parent@nexus.local as the parent's email.
  { username: 'child', first_name: 'Kai', last_name: 'Parent', role: 'student' },
  {
    username: 'institute-admin',
    first_name: 'Iris',
    last_name: 'Principal',
    role: 'institute-admin',
    tenantRoles: [{ tenant: 'institute', role: 'tenant-admin' }],
  },
  {
    username: 'corporate-admin',
    first_name: 'Carl',
    last_name: 'Corporate',
    role: 'tenant-admin',
    tenantRoles: [{ tenant: 'corporate', role: 'tenant-admin' }],
  },
  { username: 'newcomer', first_name: 'Nina', last_name: 'Newcomer', role: 'temp' },
];

export interface MenuSeed {
  name: string;
  path: string;
  icon: string;
  children?: { name: string; path: string; icon: string }[];
}

/** The default platform navigation; Home comes first (spec section 9: default menu Home). */
export const DEFAULT_MENUS: readonly MenuSeed[] = [
  { name: 'Home', path: '/user/home', icon: 'home' },
  {
    name: 'Learning',
    path: '/learning-journey',
    icon: 'school',
    children: [
      { name: 'Programs', path: '/lxp', icon: 'book' },
      { name: 'Assessments', path: '/assessments', icon: 'checklist' },
      { name: 'My Library', path: '/my-library', icon: 'books' },
    ],
  },
  {
    name: 'Community',
    path: '/community',
    icon: 'users-group',
    children: [
      { name: 'Connections', path: '/community/connections', icon: 'link' },
      { name: 'Groups', path: '/community/groups', icon: 'users' },
    ],
  },
  { name: 'Events', path: '/event-block', icon: 'calendar-event' },
  {
    name: 'Innovation',
    path: '/innovation-workspace',
    icon: 'bulb',
    children: [
      { name: 'Projects', path: '/all-projects', icon: 'folder' },
      { name: 'Ecosystem Map', path: '/ecosystem-map', icon: 'map' },
    ],
  },
  {
    name: 'Experts',
    path: '/find-expert',
    icon: 'users',
    children: [{ name: 'My expert programs', path: '/my-expert-programs', icon: 'checklist' }],
  },
  { name: 'Resources', path: '/resources', icon: 'files' },
  { name: 'Messages', path: '/messages', icon: 'message' },
  { name: 'Calendar', path: '/calendar', icon: 'calendar' },
  {
    name: 'Admin Center',
    path: '/admin-center',
    icon: 'settings',
    children: [
      { name: 'Clients', path: '/clients', icon: 'building' },
      { name: 'Membership', path: '/membership', icon: 'id-badge' },
      { name: 'Institutes', path: '/search-institute', icon: 'school' },
      // Granting this menu to a system role lets its holders manage custom roles on the main platform.
      { name: 'Custom roles', path: MANAGE_CUSTOM_ROLES_PATH, icon: 'users-group' },
    ],
  },
  { name: 'Settings', path: '/settings', icon: 'adjustments' },
];
