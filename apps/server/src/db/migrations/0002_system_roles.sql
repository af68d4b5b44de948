-- System roles are reference data with fixed ids (DESIGN section 5; 19 is temp/Temp): every database has
-- them, seeded or not, so sign-up can always give the temp role. The demo seed inserts the same rows idempotently.
INSERT INTO "roles" ("role_id", "role_name", "display_name", "role_view") VALUES
  (1, 'admin', 'Platform Admin', 'admin'),
  (2, 'tenant-admin', 'Tenant Admin', 'admin'),
  (3, 'investor', 'Investor', 'user'),
  (4, 'entrepreneur', 'Entrepreneur', 'user'),
  (5, 'startup', 'Startup', 'user'),
  (6, 'incubator', 'Incubator', 'user'),
  (7, 'accelerator', 'Accelerator', 'user'),
  (8, 'startup-hub', 'Startup Hub', 'user'),
  (9, 'government-body', 'Government Body', 'user'),
  (10, 'industry-body', 'Industry Body', 'user'),
  (11, 'diaspora', 'Diaspora', 'user'),
  (12, 'volunteer', 'Volunteer', 'user'),
  (13, 'individual', 'Individual', 'user'),
  (14, 'teacher', 'Teacher', 'user'),
  (15, 'student', 'Student', 'user'),
  (16, 'mentor', 'Mentor', 'user'),
  (17, 'parent', 'Parent', 'user'),
  (18, 'institute-admin', 'Institute Admin', 'admin'),
  (19, 'temp', 'Temp', 'user')
ON CONFLICT ("role_id") DO NOTHING;--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('roles', 'role_id'), greatest((SELECT max("role_id") FROM "roles"), 19));
