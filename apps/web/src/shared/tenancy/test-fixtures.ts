import type { SessionRole, SessionTenant, SessionUser } from '../session/types';

export const RIVERSIDE: SessionTenant = {
  tenant_id: 11,
  tenant_type: 'institute',
  tenant_name: 'Riverside Institute of Technology',
};
export const NORTHSTAR: SessionTenant = {
  tenant_id: 12,
  tenant_type: 'incubator',
  tenant_name: 'Northstar Incubator',
};

export const PLATFORM_MEMBER: SessionRole = {
  role_id: 3,
  display_name: 'Investor',
  role_view: 'user',
  tenant_id: null,
};
export const RIVERSIDE_ADMIN: SessionRole = {
  role_id: 40,
  display_name: 'Institute admin',
  role_view: 'admin',
  tenant_id: 11,
};
export const NORTHSTAR_MENTOR: SessionRole = {
  role_id: 41,
  display_name: 'Mentor',
  role_view: 'user',
  tenant_id: 12,
};

export const TENANT_USER: SessionUser = {
  user_id: 7,
  username: 'ada',
  firstName: 'Ada',
  lastName: 'Lovelace',
  roles: [PLATFORM_MEMBER, RIVERSIDE_ADMIN, NORTHSTAR_MENTOR],
  active_role: PLATFORM_MEMBER,
};
