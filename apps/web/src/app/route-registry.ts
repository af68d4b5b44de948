import type { ComponentType } from 'react';
import type { LoaderFunction } from 'react-router';

/** What a page module exports: the page as default, and a loader when the route needs one. */
export interface PageModule {
  default: ComponentType;
  loader?: LoaderFunction;
}

/**
 * Every implemented spec route and its page module, each loaded on demand (DESIGN section 6).
 * A spec route missing here is not registered, so it falls to the 404 page until its issue lands.
 */
export const PAGE_MODULES: Record<string, () => Promise<PageModule>> = {
  '/login': () => import('../features/identity/pages/LoginPage'),
  '/auth': () => import('../features/identity/pages/AuthPage'),
  '/account': () => import('../features/identity/pages/AccountPage'),
  '/account-callback': () => import('../features/identity/pages/AccountCallbackPage'),
  '/sign-up': () => import('../features/identity/pages/RegisterPage'),
  '/register': () => import('../features/identity/pages/RegisterPage'),
  '/select-role': () => import('../features/identity/pages/SelectRolePage'),
  '/change-password': () => import('../features/identity/pages/ChangePasswordPage'),
  '/user/home': () => import('../features/identity/pages/UserHomePage'),
  '/user-home': () => import('../features/identity/pages/UserHomePage'),
  '/onboarding': () => import('../features/registration/pages/OnboardingPage'),
  '/registration/investor': () => import('../features/registration/pages/InvestorRegistrationPage'),
  '/registration/entrepreneur': () => import('../features/registration/pages/StartupRegistrationPage'),
  '/registration/startup': () => import('../features/registration/pages/StartupRegistrationPage'),
  '/registration/incubator': () => import('../features/registration/pages/IncubatorRegistrationPage'),
  '/registration/accelerator': () => import('../features/registration/pages/IncubatorRegistrationPage'),
  '/registration/startup-hub': () => import('../features/registration/pages/IncubatorRegistrationPage'),
  '/registration/government-body': () =>
    import('../features/registration/pages/OrganisationRegistrationPage'),
  '/registration/industry-body': () => import('../features/registration/pages/OrganisationRegistrationPage'),
  '/registration/diaspora': () => import('../features/registration/pages/DiasporaRegistrationPage'),
  '/registration/:passedRole': () => import('../features/registration/pages/GenericRegistrationPage'),
  '/individual-registration': () => import('../features/registration/pages/IndividualRegistrationPage'),
  '/volunteer-registration': () => import('../features/registration/pages/VolunteerRegistrationPage'),
  '/settings': () => import('../features/settings/pages/SettingsPage'),
  '/profile/:userId': () => import('../features/profiles/pages/ProfilePage'),
  '/user/profile/:user_id': () => import('../features/profiles/pages/ProfilePage'),
  '/profile/entrepreneurial': () => import('../features/profiles/pages/EntrepreneurialProfilePage'),
  '/volunteer-profile/:UserId': () => import('../features/profiles/pages/VolunteerProfilePage'),
  '/employability-profile': () => import('../features/profiles/pages/EmployabilityProfilePage'),
  '/self-assessment': () => import('../features/profiles/pages/SelfAssessmentPage'),
  '/fundrasing-profile': () => import('../features/profiles/pages/FundraisingProfilePage'),
  '/profiles': () => import('../features/profiles/pages/DirectoryPage'),
  '/': () => import('../features/administration/pages/EntryAdminPage'),
  '/services/certification-programs': () => import('../features/learning/pages/ExploreProgramsPage'),
  '/lxp': () => import('../features/learning/pages/ExploreProgramsPage'),
  '/programs/overview/:programId': () => import('../features/learning/pages/ProgramOverviewPage'),
  '/program-content/:programId': () => import('../features/learning/pages/ProgramContentPage'),
  '/program-content/:programId/course-content/:courseId': () =>
    import('../features/learning/pages/ProgramContentPage'),
  '/program-content/:programId/course-content/:courseId/module-content/:moduleId': () =>
    import('../features/learning/pages/ProgramContentPage'),
  '/attendance/:type/:scheduleId/:contentId/:batchId': () =>
    import('../features/learning/pages/AttendancePage'),
  '/manage-programs': () => import('../features/learning/pages/ManageProgramsPage'),
  '/program/manage/:programId': () => import('../features/learning/pages/ProgramBuilderPage'),
  '/my-library': () => import('../features/learning/pages/MyLibraryPage'),
  '/learning-journey': () => import('../features/learning/pages/LearningJourneyPage'),
  '/certification/:userId/:publicKey': () => import('../features/learning/pages/CertificateVerificationPage'),
  '/assessment/:assessment_id': () => import('../features/learning/pages/TakeAssessmentPage'),
  '/assessments': () => import('../features/learning/pages/MyAssessmentsPage'),
  '/explore-assessments': () => import('../features/learning/pages/ExploreAssessmentsPage'),
  '/assessment-overview/:assessmentId': () => import('../features/learning/pages/AssessmentOverviewPage'),
  '/survey-report/:assessmentId': () => import('../features/learning/pages/SurveyReportPage'),
  '/assessment/manage/:assessmentId': () => import('../features/learning/pages/AssessmentBuilderPage'),
  '/admin-center': () => import('../features/administration/pages/AdminCenterPage'),
  '/tenant-setup': () => import('../features/administration/pages/TenantSetupPage'),
  '/clients': () => import('../features/administration/pages/ClientsPage'),
  '/license-ums/:licenseId': () => import('../features/administration/pages/LicenseSeatsPage'),
  '/membership': () => import('../features/administration/pages/MembershipPage'),
  '/search-institute': () => import('../features/administration/pages/SearchInstitutePage'),
  '/institute-view': () => import('../features/administration/pages/InstituteViewPage'),
  '/t/:tenant_type/:tenant_name/user/home': () => import('../features/administration/pages/TenantHomePage'),
  '/t/:tenant_type/:tenant_name/admin-center': () =>
    import('../features/administration/pages/AdminCenterPage'),
  '/announcements': () => import('../features/announcements/pages/AnnouncementsPage'),
  '/messages': () => import('../features/messaging/pages/MessagesPage'),
  '/calendar': () => import('../features/calendar/pages/CalendarPage'),
  '/test-calendar': () => import('../features/calendar/pages/TestCalendarPage'),
  '/notifications': () => import('../features/notifications/pages/NotificationsPage'),
  '/event-block': () => import('../features/events/pages/EventsPage'),
  '/events/overview/:event_id': () => import('../features/events/pages/EventOverviewPage'),
  '/events/registered-event/:eventId': () => import('../features/events/pages/RegisteredEventPage'),
  '/event/manage/:eventId': () => import('../features/events/pages/ManageEventPage'),
  '/:hash': () => import('../features/invitations/pages/InvitationPage'),
};
