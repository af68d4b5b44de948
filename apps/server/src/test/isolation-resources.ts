import { itemBody, postingBody } from './area-bodies';
import type { TenantA } from './isolation-fixture';

/**
 * What each base path of the API manages, for the tenant-isolation walk (isolation.test.ts): how to
 * name one of tenant A's rows, and bodies that would reach A's rows if scoping let them.
 */
export interface Resource {
  id: () => number;
  idKey?: string;
  bulkKey?: string;
  create?: () => Record<string, unknown>;
  update?: Record<string, unknown>;
  /** The body of any other call on the row (invite, decide, move...), valid so only scoping refuses it. */
  action?: Record<string, unknown>;
}

/** What each base path manages, with bodies that would reach A's rows if scoping let them. */
export function resources(a: TenantA): Record<string, Resource> {
  return {
    '/operations/user/roles': {
      id: () => a.systemRoleId,
      idKey: 'role_id',
      bulkKey: 'role_ids',
      create: () => ({ role_name: 'walker_role', display_name: 'Walker', role_view: 'user' }),
      update: { display_name: 'changed by B' },
    },
    '/operations/user/customRole': {
      id: () => a.customRoleId,
      idKey: 'role_id',
      bulkKey: 'role_ids',
      create: () => ({ role_name: 'walker_custom', display_name: 'Walker' }),
      update: { display_name: 'changed by B' },
    },
    '/operations/user/privileges': {
      id: () => a.privilegeId,
      idKey: 'privilege_id',
      bulkKey: 'privilege_ids',
      create: () => ({ role_id: a.systemRoleId, privilege_menu_id: a.menuId }),
      update: { privilege_menu_id: a.menuId },
    },
    '/operations/user/customRolePrivilege': {
      id: () => a.customPrivilegeId,
      idKey: 'privilege_id',
      bulkKey: 'privilege_ids',
      create: () => ({ role_id: a.customRoleId, privilege_menu_id: a.menuId }),
      update: { privilege_menu_id: a.menuId },
    },
    '/operations/user/groupUsers': {
      id: () => a.groupUserId,
      idKey: 'table_id',
      bulkKey: 'table_ids',
      create: () => ({ user_id: a.memberId, role_ids: [a.customRoleId], group_name: 'walker' }),
      update: { group_name: 'changed by B' },
    },
    '/operations/user/userSettings': {
      id: () => a.settingId,
      idKey: 'user_setting_id',
      bulkKey: 'user_setting_ids',
      create: () => ({ user_id: a.memberId, theme: 'light' }),
      update: { theme: 'light' },
    },
    '/operations/system/customMenus': {
      id: () => a.menuId,
      idKey: 'menu_id',
      bulkKey: 'menu_ids',
      create: () => ({ menu_name: 'walker', menu_parent_id: a.menuId }),
      update: { menu_name: 'changed by B' },
    },
    '/operations/global-user/users': {
      id: () => a.memberId,
      idKey: 'user_id',
      bulkKey: 'user_ids',
      create: () => ({ username: 'walker_user', email: 'walker@example.test', roles: [a.systemRoleId] }),
      update: { firstName: 'Changed', roles: [a.customRoleId] },
    },
    // Volunteering (issue 22): every :id names A's opportunity; as a sign-up id it is no sign-up of B's.
    '/api/services/volunteering': {
      id: () => a.opportunityId,
      action: { attended: true },
    },
    '/api/services/csr': { id: () => a.csrProjectId },
    // Skill swap (issue 22): every :id names A's post; as a proposal id it is none of B's to answer.
    '/api/swap': {
      id: () => a.swapPostId,
      create: () => ({ post_id: a.swapPostId, message: 'from B' }),
      update: { status: 'accepted' },
    },
    '/api/services/schemes': { id: () => a.schemeId, update: { name: 'changed by B' } },
    '/api/community/connections': {
      id: () => a.connectionId,
      create: () => ({ user_id: a.memberId }),
    },
    '/api/community/follows': {
      id: () => a.memberId,
      create: () => ({ user_id: a.memberId }),
    },
    '/api/community/posts': {
      id: () => a.networkPostId,
      create: () => ({ body: '<p>from B</p>', status: 'published' }),
      update: { body: '<p>changed by B</p>' },
    },
    '/api/community/comments': {
      id: () => a.commentId,
      create: () => ({ post_id: a.networkPostId, body: 'from B' }),
    },
    '/api/messaging/conversations': {
      id: () => a.conversationId,
      create: () => ({ member_ids: [a.memberId] }),
      update: { title: 'changed by B' },
    },
    '/api/messaging/messages': {
      id: () => a.messageId,
      create: () => ({ conversation_id: a.conversationId, body: 'from B' }),
      update: { body: 'changed by B' },
    },
    '/api/community/communities': {
      id: () => a.communityId,
      create: () => ({ name: 'made by B' }),
      update: { name: 'changed by B' },
    },
    '/api/community/members': {
      id: () => a.communityId,
      create: () => ({ community_id: a.communityId, user_id: a.memberId, action: 'ban' }),
    },
    '/api/community/groups': {
      id: () => a.communityGroupId,
      create: () => ({ community_id: a.communityId, name: 'made by B' }),
    },
    '/api/community/topics': {
      id: () => a.topicId,
      create: () => ({ community_id: a.communityId, title: 'from B', body: '<p>from B</p>' }),
      update: { title: 'changed by B', pinned: true },
    },
    '/api/community/replies': {
      id: () => a.postId,
      create: () => ({ topic_id: a.topicId, body: '<p>from B</p>' }),
      update: { body: '<p>changed by B</p>' },
    },
    '/api/community/reactions': {
      id: () => a.postId,
      create: () => ({ post_id: a.postId, emoji: '👍' }),
    },
    '/api/community/reports': {
      id: () => a.postId,
      create: () => ({ post_id: a.postId, reason: 'from B' }),
      update: { action: 'remove' },
    },
    '/api/auth': {
      id: () => a.memberId,
      idKey: 'user_id',
      bulkKey: 'user_ids',
      create: () => ({ username: 'walker_auth', email: 'walker-auth@example.test' }),
      update: { firstName: 'Changed' },
    },
    '/api/user/tenants': {
      id: () => a.tenantId,
      create: () => ({ tenant_type: 'institute', tenant_name: 'Tenant made by the walker' }),
      update: { tenant_name: 'changed by B' },
    },
    '/api/user/tenant-subscriptions': {
      id: () => a.subscriptionId,
      create: () => ({ tenant_id: a.tenantId }),
      update: { plan: 'enterprise' },
    },
    '/api/program/programs': {
      id: () => a.programId,
      idKey: 'program_id',
      bulkKey: 'program_ids',
      create: () => ({ program_name: 'Walker program' }),
      update: { program_name: 'changed by B' },
    },
    '/api/program/courses': {
      id: () => a.courseId,
      idKey: 'course_id',
      bulkKey: 'course_ids',
      create: () => ({ program_id: a.programId, course_name: 'Walker course' }),
      update: { course_name: 'changed by B' },
    },
    '/api/program/modules': {
      id: () => a.moduleId,
      idKey: 'module_id',
      bulkKey: 'module_ids',
      create: () => ({ course_id: a.courseId, module_name: 'Walker module' }),
      update: { module_name: 'changed by B' },
    },
    '/api/program/units': {
      id: () => a.unitId,
      idKey: 'unit_id',
      bulkKey: 'unit_ids',
      create: () => ({ module_id: a.moduleId, unit_name: 'Walker unit' }),
      update: { unit_name: 'changed by B' },
    },
    '/api/program/programs-enrolled': {
      id: () => a.enrollmentId,
      idKey: 'enrollment_id',
      bulkKey: 'enrollment_ids',
      create: () => ({ program_id: a.programId }),
      update: { status: 'withdrawn' },
    },
    '/api/assessment/assessments': {
      id: () => a.assessmentId,
      idKey: 'assessment_id',
      bulkKey: 'assessment_ids',
      create: () => ({ title: 'Walker quiz' }),
      update: { title: 'changed by B' },
    },
    '/api/assessment/questions': {
      id: () => a.questionId,
      idKey: 'question_id',
      bulkKey: 'question_ids',
      create: () => ({ assessment_id: a.assessmentId, question_type: 'short_text', prompt: 'Walker?' }),
      update: { prompt: 'changed by B' },
    },
    '/api/assessment/take': {
      id: () => a.assessmentId,
      update: { answers: { [String(a.questionId)]: 'changed by B' } },
    },
    '/api/attendance': {
      id: () => a.liveUnitId,
      create: () => ({ code: 'AAAAAA' }),
      update: { records: [{ user_id: a.memberId, status: 'absent' }] },
    },
    '/api/certificates': {
      id: () => a.certificateId,
      update: { reason: 'Revoked by another tenant' },
    },
    '/api/invitations': {
      id: () => a.invitationId,
      create: () => ({ role_id: 13, tenant_id: a.tenantId, max_uses: 5 }),
    },
    '/api/personal/notes': {
      id: () => a.noteId,
      create: () => ({ title: 'walker', body: '<p>walker</p>' }),
      update: { title: 'changed by B', tags: ['b'] },
    },
    '/api/personal/diary': {
      id: () => a.diaryEntryId,
      create: () => ({ entry_date: '2026-01-31', body: '<p>walker</p>' }),
      update: { body: '<p>changed by B</p>' },
    },
    '/api/support/requests': {
      id: () => a.supportRequestId,
      create: () => ({ subject: 'walker', body: 'walker', category: 'other' }),
      update: { status: 'closed' },
      action: { body: 'reply by B' },
    },
    '/api/support/faqs': {
      id: () => a.faqId,
      create: () => ({ question: 'walker?', answer: '<p>walker</p>' }),
      update: { question: 'changed by B?' },
      action: { faq_ids: [a.faqId] },
    },
    '/api/announcements/announcements': {
      id: () => a.announcementId,
      idKey: 'announcement_id',
      bulkKey: 'announcement_ids',
      create: () => ({ title: 'walker', body: '<p>walker</p>', tenant_id: a.tenantId, status: 'published' }),
      update: { title: 'changed by B', pinned: true },
    },
    '/api/competitions/competitions': {
      id: () => a.competitionId,
      create: () => ({ kind: 'individual' }),
      update: { title: 'changed by B', leaderboard_public: true },
    },
    '/api/events/events': {
      id: () => a.eventId,
      create: () => ({
        title: 'walker',
        mode: 'in_person',
        venue: 'walker hall',
        starts_at: new Date(Date.now() + 86_400_000).toISOString(),
        ends_at: new Date(Date.now() + 90_000_000).toISOString(),
        time_zone: 'UTC',
        tenant_id: a.tenantId,
      }),
      update: { title: 'changed by B', capacity: 1 },
    },
    '/api/events/registrations': {
      id: () => a.eventId,
      create: () => ({ answers: {} }),
    },
    '/api/experts/experts': {
      id: () => a.memberId,
    },
    '/api/experts/programs': {
      id: () => a.expertProgramId,
      create: () => ({ title: 'walker', session_count: 1 }),
      update: { title: 'changed by B' },
    },
    '/api/experts/sessions': {
      id: () => a.expertSessionId,
      create: () => ({ expert_id: a.memberId, starts_at: new Date(Date.now() + 86_400_000).toISOString() }),
    },
    '/api/jobs/postings': {
      id: () => a.postingId,
      create: () => postingBody(),
      update: { title: 'changed by B' },
    },
    '/api/jobs/applications': {
      id: () => a.jobApplicationId,
      update: { stage: 'interview' },
    },
    '/api/resources/items': {
      id: () => a.resourceItemId,
      create: () => itemBody(),
      update: { title: 'changed by B' },
    },
    '/api/resources/files': {
      id: () => a.resourceItemId,
    },
    '/api/resources/library': {
      id: () => a.resourceItemId,
      update: { position_seconds: 10 },
    },
    '/api/resources/collections': {
      id: () => a.resourceCollectionId,
      create: () => ({ name: 'walker' }),
      update: { name: 'changed by B' },
    },
    '/api/hubs/pages': {
      id: () => a.hubId,
      create: () => ({
        slug: 'walker',
        draft: {
          title: 'walker',
          intro: 'changed by B',
          audience: 'B',
          theme: ['b'],
          blocks: [{ kind: 'people', title: 'B' }],
        },
      }),
      update: {
        draft: {
          title: 'changed by B',
          intro: 'changed by B',
          audience: 'B',
          theme: ['b'],
          blocks: [{ kind: 'people', title: 'B' }],
        },
      },
    },
    '/api/resources/playlists': {
      id: () => a.playlistId,
      create: () => ({ title: 'walker' }),
      update: { title: 'changed by B' },
    },
    '/api/readiness/results': {
      id: () => a.readinessResultId,
    },
    '/api/readiness/evidence': {
      id: () => a.readinessEvidenceId,
    },
    '/api/readiness/reviews': {
      id: () => a.readinessReviewId,
      update: { decision: 'confirmed', comment: 'changed by B' },
    },
    '/api/ecosystem/getStartups': { id: () => a.ecosystem.startupId },
    '/api/ecosystem/updateStartup': { id: () => a.ecosystem.startupId, update: { name: 'changed by B' } },
    '/api/ecosystem/deleteStartup': { id: () => a.ecosystem.startupId },
    '/api/ecosystem/getProjects': { id: () => a.ecosystem.projectId },
    '/api/ecosystem/updateProject': { id: () => a.ecosystem.projectId, update: { title: 'changed by B' } },
    '/api/ecosystem/deleteProject': { id: () => a.ecosystem.projectId },
    '/api/ecosystem/inviteCollaborator': { id: () => a.ecosystem.projectId, action: { user_id: a.memberId } },
    '/api/ecosystem/answerInvitation': { id: () => a.ecosystem.projectId, action: { accept: true } },
    '/api/ecosystem/getCenters': { id: () => a.ecosystem.centerId },
    '/api/ecosystem/updateCenter': { id: () => a.ecosystem.centerId, update: { name: 'changed by B' } },
    '/api/ecosystem/addReviewer': { id: () => a.ecosystem.centerId, action: { user_id: a.memberId } },
    '/api/ecosystem/createCohort': {
      id: () => a.ecosystem.centerId,
      create: () => ({
        name: 'made by B',
        opens_at: new Date(Date.now() - 86_400_000).toISOString(),
        closes_at: new Date(Date.now() + 86_400_000).toISOString(),
      }),
    },
    '/api/ecosystem/getCohortApplications': { id: () => a.ecosystem.cohortId },
    '/api/ecosystem/getApplications': { id: () => a.ecosystem.cohortApplicationId },
    '/api/ecosystem/reviewApplication': {
      id: () => a.ecosystem.cohortApplicationId,
      action: { ratings: { Team: 1 }, notes: 'changed by B' },
    },
    '/api/ecosystem/decideApplication': {
      id: () => a.ecosystem.cohortApplicationId,
      action: { status: 'declined' },
    },
    '/api/funding/getInvestors': { id: () => a.ecosystem.investorId },
    '/api/funding/updateInvestor': { id: () => a.ecosystem.investorId, update: { name: 'changed by B' } },
    '/api/funding/getCalls': { id: () => a.ecosystem.callId },
    '/api/funding/updateCall': { id: () => a.ecosystem.callId, update: { title: 'changed by B' } },
    '/api/funding/deleteCall': { id: () => a.ecosystem.callId },
    '/api/funding/moveDeal': { id: () => a.ecosystem.fundingApplicationId, action: { stage: 'screening' } },
    '/api/funding/rateDeal': {
      id: () => a.ecosystem.fundingApplicationId,
      action: { rating: 1, notes: 'changed by B' },
    },
    '/api/notifications': {
      id: () => a.notificationId,
      update: { categories: [{ category: 'learning', in_app: false }] },
    },
  };
}

/** The resource a route belongs to: the longest base path the url starts with. */
export function resourceOf(a: TenantA, url: string): Resource | undefined {
  const all = resources(a);
  const base = Object.keys(all)
    .filter((prefix) => url.startsWith(`${prefix}/`))
    .sort((x, y) => y.length - x.length)[0];
  return base ? all[base] : undefined;
}
