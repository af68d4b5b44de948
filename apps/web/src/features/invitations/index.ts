// What other areas may use from invitations (the admin area shows the panel with its own roles).
export { InvitationsSection } from './components/InvitationsSection';
export { InvitePanel, MEMBER_ROLE_OPTIONS, type RoleOption } from './components/InvitePanel';
export { MyInvitations } from './components/MyInvitations';
