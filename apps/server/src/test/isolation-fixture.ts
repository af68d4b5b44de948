import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { PDFDocument } from 'pdf-lib';
import { expect } from 'vitest';
import {
  announcements,
  assessmentQuestions,
  assessmentResponses,
  assessments,
  attendanceRecords,
  attendanceSessions,
  auditEvents,
  certificates,
  communities,
  competitionEntries,
  competitionSubmissions,
  competitions,
  courses,
  csrInterests,
  csrProjects,
  customMenus,
  customRolePrivileges,
  diaryEntries,
  eventRegistrations,
  eventsTable,
  expertProfiles,
  faqs,
  files,
  governmentSchemes,
  groupUsers,
  hubPages,
  invitations,
  modules,
  notes,
  notifications,
  privileges,
  programEnrollments,
  programs,
  roles,
  supportReplies,
  supportRequests,
  swapPosts,
  swapProposals,
  tenantSubscriptions,
  tenants,
  units,
  userRoles,
  userSettings,
  users,
  volunteerOpportunities,
  volunteerShifts,
  volunteerSignups,
} from '../db/schema';
import { issueCertificate } from '../modules/certificates';
import { itemBody, postingBody } from './area-bodies';
import { makeTenant, makeUser, member, platformAdmin, tenantAdmin } from './factories';
import { type EcosystemRows, ecosystemSnapshot, makeEcosystemRows } from './isolation-ecosystem';
import type { TestApp } from './make-app';
import { mp4Bytes, multipart } from './upload-fixtures';

/** Every row of tenant A, as the walker must leave it. */
export interface TenantA {
  marker: string;
  tenantId: number;
  adminId: number;
  memberId: number;
  memberUsername: string;
  systemRoleId: number;
  customRoleId: number;
  menuId: number;
  privilegeId: number;
  customPrivilegeId: number;
  groupUserId: number;
  settingId: number;
  subscriptionId: number;
  invitationId: number;
  invitationToken: string;
  certificateId: number;
  certificatePublicKey: string;
  programId: number;
  courseId: number;
  moduleId: number;
  unitId: number;
  liveUnitId: number;
  assessmentId: number;
  questionId: number;
  responseId: number;
  enrollmentId: number;
  /** A media file of A's member (files module), named after the marker. */
  fileId: string;
  /** A published competition of A (visible to A's people), entered by A's member as a team with a submission. */
  competitionId: number;
  competitionEntryId: number;
  competitionSlug: string;
  /** A published announcement of A's admin, to A's members. */
  announcementId: number;
  /** A published event of A for A's members only, and A's member's registration to it. */
  eventId: number;
  eventRegistrationId: number;
  /** A direct conversation of A's member with A's admin, and its one message (the marker's). */
  conversationId: number;
  /** A post of A's member shared with tenant A only, its comment, and the member's request to A's admin. */
  networkPostId: number;
  commentId: number;
  connectionId: number;
  messageId: number;
  /** A private community of A's member (issue 18), with a topic, a reply and a group, named after the marker. */
  communityId: number;
  topicId: number;
  postId: number;
  communityGroupId: number;
  /** A notification in A's member's inbox, titled with the marker. */
  notificationId: number;
  /** A's member as an expert for A only: a program, and A's admin's session of it (with a note). */
  expertProgramId: number;
  expertSessionId: number;
  /** A's admin posts a job; A's member applies with a CV. */
  postingId: number;
  jobApplicationId: number;
  /** A tenant-only resource item, collection, and A's member's private playlist of the item. */
  resourceItemId: number;
  resourceCollectionId: number;
  playlistId: number;
  /** A hub page of A's own (issue 22), published, titled with the marker. */
  hubId: number;
  /** A's admin's volunteering opportunity (one shift), and A's member's sign-up for it. */
  opportunityId: number;
  volunteerSignupId: number;
  /** A's admin's CSR project, in which A's member expressed interest. */
  csrProjectId: number;
  /** A platform-wide government scheme named after the marker. */
  schemeId: number;
  /** A's member's technology readiness result, its evidence (the CV), and a review by A's admin as mentor. */
  readinessResultId: number;
  readinessEvidenceId: number;
  readinessReviewId: number;
  /** A's member's startup, project and applications; A's admin's center, investor profile and call. */
  ecosystem: EcosystemRows;
  /** Issue 22: A's member's private note and diary entry, its support request (answered by A's admin), and A's FAQ. */
  noteId: number;
  diaryEntryId: number;
  supportRequestId: number;
  faqId: number;
  /** Issue 22: A's member's swap offer, on which A's admin proposed a swap. */
  swapPostId: number;
  swapProposalId: number;
}

async function created(t: TestApp, url: string, payload: Record<string, unknown>, status = 201) {
  const response = await t.app.inject({ method: 'POST', url, payload });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(status);
  return response.json().data as Record<string, unknown>;
}

/** A one-page PDF (a CV) whose text carries the marker. */
async function cvPdf(marker: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage().drawText(`${marker} curriculum vitae`);
  return Buffer.from(await doc.save());
}

/**
 * Tenant A with one row of every tenant-scoped resource, made through the API as its admins would.
 * Each row that has a free-text field carries `marker`, so any answer that leaks it is caught.
 */
export async function makeTenantA(t: TestApp, platformAdminId: number): Promise<TenantA> {
  const marker = `secretA${randomBytes(4).toString('hex')}`;
  const tenant = await makeTenant(t.database);
  const admin = await makeUser(t.database);
  const memberRow = await makeUser(t.database);
  await t.database.system.insert(userRoles).values([
    { user_id: admin.user_id, role_id: 2, tenant_id: tenant.tenant_id },
    { user_id: memberRow.user_id, role_id: 13, tenant_id: tenant.tenant_id },
  ]);

  t.actAs(platformAdmin(platformAdminId, tenant.tenant_id));
  const subscription = await created(t, '/api/user/tenant-subscriptions/createSubscription', {
    tenant_id: tenant.tenant_id,
  });
  const menu = await created(t, '/operations/system/customMenus/createMenu', {
    menu_name: `${marker} menu`,
    path: `/${marker}`,
  });
  const systemRole = await created(t, '/operations/user/roles/createRole', {
    role_name: `${marker}_system`,
    display_name: `${marker} system`,
    role_view: 'user',
  });
  const privilege = await created(t, '/operations/user/privileges/createPrivilege', {
    role_id: systemRole.role_id,
    privilege_menu_id: menu.menu_id,
  });

  t.actAs(tenantAdmin(admin.user_id, tenant.tenant_id));
  const customRole = await created(t, '/operations/user/customRole/create', {
    role_name: `${marker}_custom`,
    display_name: `${marker} custom`,
  });
  const customPrivilege = await created(t, '/operations/user/customRolePrivilege/create', {
    role_id: customRole.role_id,
    privilege_menu_id: menu.menu_id,
  });
  const groupUser = await created(t, '/operations/user/groupUsers/createGroupUser', {
    user_id: memberRow.user_id,
    role_ids: [customRole.role_id],
    group_name: `${marker} group`,
  });
  const setting = await created(t, '/operations/user/userSettings/createUserSetting', {
    user_id: memberRow.user_id,
    theme: 'dark',
  });
  const invitation = await created(t, '/api/invitations/createInvitation', {
    role_id: 13,
    tenant_id: tenant.tenant_id,
    email: `${marker}@example.test`,
    max_uses: 3,
  });
  const url = String(invitation.url);
  const program = await created(t, '/api/program/programs/createProgram', {
    program_name: `${marker} program`,
    status: 'published',
  });
  const course = await created(t, '/api/program/courses/createCourse', {
    program_id: program.program_id,
    course_name: `${marker} course`,
  });
  const module = await created(t, '/api/program/modules/createModule', {
    course_id: course.course_id,
    module_name: `${marker} module`,
  });
  const unit = await created(t, '/api/program/units/createUnit', {
    module_id: module.module_id,
    unit_name: `${marker} unit`,
  });
  const liveUnit = await created(t, '/api/program/units/createUnit', {
    module_id: module.module_id,
    unit_name: `${marker} live session`,
    unit_type: 'live_session',
    content: { schedule_id: 7, batch_id: 1 },
  });
  const assessment = await created(t, '/api/assessment/assessments/createAssessment', {
    title: `${marker} quiz`,
    status: 'published',
    pass_mark: 50,
  });
  const question = await created(t, '/api/assessment/questions/createQuestion', {
    assessment_id: assessment.assessment_id,
    question_type: 'short_text',
    prompt: `${marker} question`,
  });
  const announcement = await created(t, '/api/announcements/announcements/createAnnouncement', {
    title: `${marker} announcement`,
    body: `<p>${marker} news</p>`,
    status: 'published',
  });
  const competition = await created(t, '/api/competitions/competitions/createCompetition', {
    title: `${marker} competition`,
    slug: marker.toLowerCase(),
    brief: `<p>${marker} brief</p>`,
    status: 'published',
    rounds: [
      {
        name: `${marker} round`,
        submission_deadline: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        criteria: [{ name: `${marker} criterion`, weight: 1 }],
      },
    ],
  });
  const event = await created(t, '/api/events/events/createEvent', {
    title: `${marker} event`,
    mode: 'online',
    online_url: `https://meet.example.test/${marker}`,
    starts_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    ends_at: new Date(Date.now() + 7 * 86_400_000 + 3_600_000).toISOString(),
    time_zone: 'Europe/Paris',
    visibility: 'tenant',
    status: 'published',
    capacity: 10,
    questions: [{ question_id: 'why', label: `${marker} question`, kind: 'text' }],
  });
  const sheet = `${Number(liveUnit.unit_id)}`;
  const code = (
    await t.app.inject({ method: 'GET', url: `/api/attendance/getSheet/live_session/7/${sheet}/1` })
  ).json().data.code as string;
  t.actAs(member(memberRow.user_id, tenant.tenant_id));
  const enrollment = await created(t, '/api/program/programs-enrolled/createProgramEnrolled', {
    program_id: program.program_id,
  });
  await created(t, `/api/attendance/checkIn/live_session/7/${sheet}/1`, { code }, 200);
  const competitionEntry = await created(
    t,
    `/api/competitions/competitions/register/${Number(competition.competition_id)}`,
    { kind: 'team', team_name: `${marker} team` },
  );
  const roundId = Number((competition.rounds as { round_id: number }[])[0]!.round_id);
  const submitted = await t.app.inject({
    method: 'PUT',
    url: `/api/competitions/competitions/saveSubmission/${roundId}`,
    payload: { title: `${marker} submission`, text: `${marker} text` },
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
  const eventRegistration = await created(
    t,
    `/api/events/registrations/createRegistration/${Number(event.event_id)}`,
    { answers: { why: `${marker} answer` } },
  );
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/api/files/files/upload',
    ...multipart({ name: `${marker}.mp4`, type: 'video/mp4', data: mp4Bytes(4096) }, { purpose: 'media' }),
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const conversation = await created(t, '/api/messaging/conversations/createConversation', {
    member_ids: [admin.user_id],
  });
  const message = await created(t, '/api/messaging/messages/createMessage', {
    conversation_id: conversation.conversation_id,
    body: `${marker} message`,
  });
  const community = await created(t, '/api/community/communities/createCommunity', {
    name: `${marker} community`,
    description: `${marker} about`,
    visibility: 'private',
  });
  const topic = await created(t, '/api/community/topics/createTopic', {
    community_id: community.community_id,
    title: `${marker} topic`,
    body: `<p>${marker} opening</p>`,
  });
  const post = await created(t, '/api/community/replies/createReply', {
    topic_id: topic.topic_id,
    body: `<p>${marker} reply</p>`,
  });
  const communityGroup = await created(t, '/api/community/groups/createGroup', {
    community_id: community.community_id,
    name: `${marker} group`,
  });
  const networkPost = await created(t, '/api/community/posts/createPost', {
    title: `${marker} post`,
    body: `<p>${marker} post body</p>`,
    visibility: 'tenant',
    status: 'published',
  });
  const comment = await created(t, '/api/community/comments/createComment', {
    post_id: networkPost.post_id,
    body: `${marker} comment`,
  });
  const connection = await created(t, '/api/community/connections/createConnection', {
    user_id: admin.user_id,
    message: `${marker} hello`,
  });
  // Experts: A's member offers a program to A's members only; A's admin books a session of it.
  const expertProfile = await t.app.inject({
    method: 'PUT',
    url: '/api/experts/experts/updateMyProfile',
    payload: {
      headline: `${marker} expert`,
      expertise: ['isolation'],
      languages: ['en'],
      time_zone: 'UTC',
      audience: 'tenant',
    },
  });
  expect(expertProfile.statusCode, expertProfile.body).toBe(200);
  await t.app.inject({
    method: 'PUT',
    url: '/api/experts/experts/updateMyAvailability',
    payload: {
      weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start_minute: 0, end_minute: 1440 })),
    },
  });
  const expertProgram = await created(t, '/api/experts/programs/createProgram', {
    title: `${marker} program`,
    session_count: 3,
  });
  t.actAs(tenantAdmin(admin.user_id, tenant.tenant_id));
  const freeSlot = (
    await t.app.inject({ method: 'GET', url: `/api/experts/experts/getSlots/${memberRow.user_id}?days=3` })
  )
    .json()
    .data.at(-1) as { starts_at: string };
  const expertSession = await created(t, '/api/experts/sessions/createSession', {
    expert_id: memberRow.user_id,
    starts_at: freeSlot.starts_at,
    topic: `${marker} topic`,
    expert_program_id: expertProgram.expert_program_id,
  });
  await created(t, `/api/experts/programs/createNote/${Number(expertSession.engagement_id)}`, {
    body: `${marker} note`,
  });
  // Hiring: A's admin posts a job, A's member applies to it with a CV.
  t.actAs(tenantAdmin(admin.user_id, tenant.tenant_id));
  const posting = await created(t, '/api/jobs/postings/create', postingBody({ title: `${marker} job` }));
  t.actAs(member(memberRow.user_id, tenant.tenant_id));
  const cv = await t.app.inject({
    method: 'POST',
    url: '/api/files/files/upload',
    ...multipart(
      { name: 'cv.pdf', type: 'application/pdf', data: await cvPdf(marker) },
      { purpose: 'document' },
    ),
  });
  expect(cv.statusCode, cv.body).toBe(201);
  const jobApplication = await created(t, '/api/jobs/applications/create', {
    posting_id: posting.posting_id,
    cv_file_id: cv.json().data.file_id,
    answers: { why: `${marker} reason`, start: 'Now' },
  });
  // Volunteering (issue 22): A's admin publishes an opportunity with a shift, A's member takes a place;
  // A's member also pins an app (a person's own row).
  t.actAs(tenantAdmin(admin.user_id, tenant.tenant_id));
  const soon = new Date(Date.now() + 7 * 86_400_000);
  const opportunity = await created(t, '/api/services/volunteering/createOpportunity', {
    title: `${marker} volunteering`,
    description: `${marker} description`,
    cause: 'community',
    location: `${marker} place`,
    shifts: [
      {
        starts_at: soon.toISOString(),
        ends_at: new Date(soon.getTime() + 3_600_000).toISOString(),
        capacity: 3,
      },
    ],
  });
  t.actAs(member(memberRow.user_id, tenant.tenant_id));
  const volunteerSignup = await created(t, '/api/services/volunteering/signUp', {
    shift_id: (opportunity.shifts as { shift_id: number }[])[0]?.shift_id,
  });
  t.actAs(tenantAdmin(admin.user_id, tenant.tenant_id));
  const csrProject = await created(t, '/api/services/csr/createProject', {
    title: `${marker} csr`,
    description: `${marker} csr description`,
    cause: 'education',
    budget_min: 1,
    budget_max: 2,
    location: `${marker} place`,
  });
  t.actAs(member(memberRow.user_id, tenant.tenant_id));
  await created(t, '/api/services/csr/expressInterest', {
    project_id: csrProject.project_id,
    message: `${marker} interest`,
  });
  // Skill swap (issue 22): A's member offers, A's admin proposes; both live in tenant A only.
  const swapPost = await created(t, '/api/swap/createPost', {
    kind: 'offer',
    title: `${marker} swap`,
    description: `${marker} swap description`,
    tags: [marker.toLowerCase()],
  });
  t.actAs(tenantAdmin(admin.user_id, tenant.tenant_id));
  await created(t, '/api/swap/createProposal', { post_id: swapPost.post_id, message: `${marker} proposal` });
  t.actAs(member(memberRow.user_id, tenant.tenant_id));
  const swapProposal = (
    await t.app.inject({ method: 'GET', url: `/api/swap/getProposals/${swapPost.post_id}` })
  ).json().data[0] as { proposal_id: number };
  // A platform-wide government scheme (no tenant's), named after the marker.
  const [scheme] = await t.database.system
    .insert(governmentSchemes)
    .values({
      name: `${marker} scheme`,
      agency: 'Agency',
      description: 'About',
      eligibility: 'Anyone',
      how_to_apply: ['Apply'],
      link: 'https://example.gov',
      sectors: ['other'],
      created_by: admin.user_id,
    })
    .returning();
  const pinned = await t.app.inject({
    method: 'PUT',
    url: '/api/apps/pins/savePins',
    payload: { paths: ['/calendar'] },
  });
  expect(pinned.statusCode, pinned.body).toBe(200);
  // Readiness: A's member assesses their technology, attaches evidence and asks A's admin (a mentor).
  await t.database.system
    .insert(userRoles)
    .values({ user_id: admin.user_id, role_id: 16, tenant_id: tenant.tenant_id });
  const journey = await t.app.inject({ method: 'GET', url: '/api/readiness/journeys/getJourney/technology' });
  expect(journey.statusCode, journey.body).toBe(200);
  const readinessQuestion = journey.json().data.questions[0] as { question_id: number };
  const readiness = await created(t, '/api/readiness/results/createResult', {
    journey: 'technology',
    answers: { [String(readinessQuestion.question_id)]: '4' },
  });
  const withEvidence = await created(t, '/api/readiness/evidence/createEvidence', {
    result_id: readiness.result_id,
    dimension: 'technology',
    file_id: cv.json().data.file_id,
  });
  const evidence = (withEvidence.dimensions as { evidence: { evidence_id: number }[] }[])[0]?.evidence[0];
  const readinessReview = await created(t, '/api/readiness/reviews/createReview', {
    result_id: readiness.result_id,
    dimension: 'technology',
    reviewer_id: admin.user_id,
  });
  // Resources: a collection and an item for A only, and A's member's private playlist of it.
  t.actAs(tenantAdmin(admin.user_id, tenant.tenant_id));
  const collection = await created(t, '/api/resources/collections/createCollection', {
    name: `${marker} collection`,
    visibility: 'tenant',
  });
  const item = await created(t, '/api/resources/items/createItem', {
    ...itemBody({ kind: 'video', title: `${marker} video`, visibility: 'tenant' }),
    collection_id: collection.collection_id,
  });
  t.actAs(member(memberRow.user_id, tenant.tenant_id));
  const playlist = await created(t, '/api/resources/playlists/createPlaylist', {
    title: `${marker} playlist`,
    item_ids: [Number(item.item_id)],
  });
  // Hubs: a page of A's own, published.
  t.actAs(tenantAdmin(admin.user_id, tenant.tenant_id));
  const hub = await created(t, '/api/hubs/pages/createHub', {
    slug: 'welcome',
    draft: {
      title: `${marker} hub`,
      intro: `${marker}: what our organisation offers`,
      audience: 'Our members',
      theme: ['welcome'],
      blocks: [{ kind: 'events', title: `${marker} events` }],
    },
  });
  await created(t, `/api/hubs/pages/publishHub/${Number(hub.hub_id)}`, {}, 200);
  t.actAs(member(memberRow.user_id, tenant.tenant_id));
  const response = await created(
    t,
    `/api/assessment/take/submit/${Number(assessment.assessment_id)}`,
    { answers: { [String(question.question_id)]: `${marker} answer` } },
    200,
  );
  const certificate = await issueCertificate(t.database.system, 'http://localhost:8080', {
    userId: memberRow.user_id,
    holderName: `${marker} holder`,
    programId: 1,
    programName: `${marker} program`,
    programDescription: '',
    tenantId: tenant.tenant_id,
    issuerName: 'Nexus',
  });

  // Personal tools and help pages (issue 22): A's member's private note, diary entry and support
  // request; A's admin answers it and adds a FAQ for A.
  t.actAs(member(memberRow.user_id, tenant.tenant_id));
  const note = await created(t, '/api/personal/notes/createNote', {
    title: `${marker} note`,
    body: `<p>${marker} private</p>`,
    tags: [marker.toLowerCase()],
  });
  const diaryEntry = await created(t, '/api/personal/diary/createDiaryEntry', {
    entry_date: '2026-01-31',
    body: `<p>${marker} diary</p>`,
  });
  const supportRequest = await created(t, '/api/support/requests/createRequest', {
    subject: `${marker} request`,
    body: `${marker} help`,
    category: 'technical',
  });
  t.actAs(tenantAdmin(admin.user_id, tenant.tenant_id));
  await created(
    t,
    `/api/support/requests/replyRequest/${Number(supportRequest.request_id)}`,
    { body: `${marker} answer` },
    200,
  );
  const faq = await created(t, '/api/support/faqs/createFaq', {
    question: `${marker} question?`,
    answer: `<p>${marker} answer</p>`,
  });

  const ecosystem = await makeEcosystemRows(
    t,
    marker,
    member(memberRow.user_id, tenant.tenant_id),
    tenantAdmin(admin.user_id, tenant.tenant_id),
  );

  const [notice] = await t.database.system
    .insert(notifications)
    .values({
      user_id: memberRow.user_id,
      tenant_id: tenant.tenant_id,
      category: 'learning',
      title: `${marker} notice`,
      link: '/notifications',
      source_event_id: `isolation-${marker}`,
      source_handler: 'isolation',
    })
    .returning();

  return {
    marker,
    tenantId: tenant.tenant_id,
    adminId: admin.user_id,
    memberId: memberRow.user_id,
    memberUsername: memberRow.username,
    systemRoleId: Number(systemRole.role_id),
    customRoleId: Number(customRole.role_id),
    menuId: Number(menu.menu_id),
    privilegeId: Number(privilege.privilege_id),
    customPrivilegeId: Number(customPrivilege.privilege_id),
    groupUserId: Number(groupUser.table_id),
    settingId: Number(setting.user_setting_id),
    subscriptionId: Number(subscription.subscription_id),
    invitationId: Number(invitation.invitation_id),
    invitationToken: url.slice(url.lastIndexOf('/') + 1),
    certificateId: certificate.certificate_id,
    certificatePublicKey: certificate.public_key,
    programId: Number(program.program_id),
    courseId: Number(course.course_id),
    moduleId: Number(module.module_id),
    unitId: Number(unit.unit_id),
    liveUnitId: Number(liveUnit.unit_id),
    assessmentId: Number(assessment.assessment_id),
    questionId: Number(question.question_id),
    responseId: Number(response.response_id),
    enrollmentId: Number(enrollment.enrollment_id),
    fileId: uploaded.json().data.file_id,
    announcementId: Number(announcement.announcement_id),
    eventId: Number(event.event_id),
    eventRegistrationId: Number(eventRegistration.registration_id),
    conversationId: Number(conversation.conversation_id),
    messageId: Number(message.message_id),
    communityId: Number(community.community_id),
    topicId: Number(topic.topic_id),
    postId: Number(post.post_id),
    communityGroupId: Number(communityGroup.group_id),
    networkPostId: Number(networkPost.post_id),
    commentId: Number(comment.comment_id),
    connectionId: Number(connection.connection_id),
    notificationId: notice!.notification_id,
    competitionId: Number(competition.competition_id),
    competitionEntryId: Number(competitionEntry.entry_id),
    competitionSlug: marker.toLowerCase(),
    expertProgramId: Number(expertProgram.expert_program_id),
    expertSessionId: Number(expertSession.session_id),
    postingId: Number(posting.posting_id),
    jobApplicationId: Number(jobApplication.application_id),
    resourceItemId: Number(item.item_id),
    resourceCollectionId: Number(collection.collection_id),
    hubId: Number(hub.hub_id),
    playlistId: Number(playlist.playlist_id),
    opportunityId: Number(opportunity.opportunity_id),
    volunteerSignupId: Number(volunteerSignup.signup_id),
    csrProjectId: Number(csrProject.project_id),
    schemeId: Number(scheme?.scheme_id),
    readinessResultId: Number(readiness.result_id),
    readinessEvidenceId: Number(evidence?.evidence_id),
    readinessReviewId: Number(readinessReview.review_id),
    ecosystem,
    noteId: Number(note.note_id),
    diaryEntryId: Number(diaryEntry.entry_id),
    supportRequestId: Number(supportRequest.request_id),
    faqId: Number(faq.faq_id),
    swapPostId: Number(swapPost.post_id),
    swapProposalId: Number(swapProposal.proposal_id),
  };
}

const SCOPED: [string, PgTable, PgColumn][] = [
  ['tenants', tenants, tenants.tenant_id],
  ['roles', roles, roles.tenant_id],
  ['user_roles', userRoles, userRoles.tenant_id],
  ['custom_menus', customMenus, customMenus.tenant_id],
  ['privileges', privileges, privileges.tenant_id],
  ['custom_role_privileges', customRolePrivileges, customRolePrivileges.tenant_id],
  ['group_users', groupUsers, groupUsers.tenant_id],
  ['user_settings', userSettings, userSettings.tenant_id],
  ['tenant_subscriptions', tenantSubscriptions, tenantSubscriptions.tenant_id],
  ['invitations', invitations, invitations.tenant_id],
  ['audit_events', auditEvents, auditEvents.tenant_id],
  ['certificates', certificates, certificates.tenant_id],
  ['programs', programs, programs.tenant_id],
  ['courses', courses, courses.tenant_id],
  ['modules', modules, modules.tenant_id],
  ['units', units, units.tenant_id],
  ['program_enrollments', programEnrollments, programEnrollments.tenant_id],
  ['assessments', assessments, assessments.tenant_id],
  ['assessment_questions', assessmentQuestions, assessmentQuestions.tenant_id],
  ['assessment_responses', assessmentResponses, assessmentResponses.tenant_id],
  ['attendance_sessions', attendanceSessions, attendanceSessions.tenant_id],
  ['attendance_records', attendanceRecords, attendanceRecords.tenant_id],
  ['files', files, files.tenant_id],
  ['announcements', announcements, announcements.tenant_id],
  ['notifications', notifications, notifications.tenant_id],
  ['competitions', competitions, competitions.tenant_id],
  ['competition_entries', competitionEntries, competitionEntries.tenant_id],
  ['competition_submissions', competitionSubmissions, competitionSubmissions.tenant_id],
  ['communities', communities, communities.tenant_id],
  ['events', eventsTable, eventsTable.tenant_id],
  ['event_registrations', eventRegistrations, eventRegistrations.tenant_id],
  ['expert_profiles', expertProfiles, expertProfiles.tenant_id],
  ['hub_pages', hubPages, hubPages.tenant_id],
  ['notes', notes, notes.tenant_id],
  ['diary_entries', diaryEntries, diaryEntries.tenant_id],
  ['support_requests', supportRequests, supportRequests.tenant_id],
  ['support_replies', supportReplies, supportReplies.tenant_id],
  ['faqs', faqs, faqs.tenant_id],
  ['volunteer_opportunities', volunteerOpportunities, volunteerOpportunities.tenant_id],
  ['volunteer_shifts', volunteerShifts, volunteerShifts.tenant_id],
  ['volunteer_signups', volunteerSignups, volunteerSignups.tenant_id],
  ['csr_projects', csrProjects, csrProjects.tenant_id],
  ['csr_interests', csrInterests, csrInterests.tenant_id],
  ['swap_posts', swapPosts, swapPosts.tenant_id],
  ['swap_proposals', swapProposals, swapProposals.tenant_id],
];

/** Tenant A's rows in every scoped table, and its two users, read past row-level security. */
export async function snapshotOf(t: TestApp, a: TenantA): Promise<Record<string, unknown[]>> {
  const snapshot: Record<string, unknown[]> = {};
  for (const [name, table, column] of SCOPED) {
    const rows = await t.database.system.select().from(table).where(eq(column, a.tenantId));
    // The API meter copies A's own counted calls into its subscription on a timer: not B's doing.
    const stable = rows.map((row) => {
      const usage = (row as { current_usage?: Record<string, unknown> }).current_usage;
      if (!usage) return row;
      const { api_calls: _calls, ...rest } = usage;
      return { ...row, current_usage: rest };
    });
    snapshot[name] = stable.sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)));
  }
  Object.assign(snapshot, await ecosystemSnapshot(t, a.ecosystem));
  for (const id of [a.adminId, a.memberId]) {
    const [row] = await t.database.system.select().from(users).where(eq(users.user_id, id));
    snapshot[`user ${id}`] = [row];
  }
  return JSON.parse(JSON.stringify(snapshot));
}
