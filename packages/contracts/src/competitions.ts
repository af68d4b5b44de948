import { z } from 'zod';
import { communityFilter } from './api/events';
import { LIST_MAX_LIMIT } from './constants';

export { COMPETITION_REALTIME, COMPETITIONS_API } from './area-paths';

/**
 * Competitions (issue 17 point 4; docs/competitions.md): organisers run competitions of the platform or
 * of a tenant in rounds with deadlines and weighted criteria; entrants (individuals or teams) submit
 * text, links and files; assigned judges declare conflicts and score 1..5 per criterion; scores are
 * normalised per judge (z-scores) and ranked; the top N advance; winners get certificates.
 */

export const COMPETITION_VISIBILITIES = ['public', 'platform', 'tenant'] as const;
export type CompetitionVisibility = (typeof COMPETITION_VISIBILITIES)[number];
export const COMPETITION_STATUSES = ['draft', 'published'] as const;
export type CompetitionStatus = (typeof COMPETITION_STATUSES)[number];
export const COMPETITION_PARTICIPATION = ['individual', 'team', 'both'] as const;
export type CompetitionParticipation = (typeof COMPETITION_PARTICIPATION)[number];
export const ENTRY_KINDS = ['individual', 'team'] as const;
/** discover: what the caller may see (published); manage: what the caller organises; mine: entered or judging. */
export const COMPETITION_VIEWS = ['discover', 'manage', 'mine'] as const;
export const COMPETITION_WHEN = ['all', 'upcoming', 'past'] as const;

export const COMPETITION_LIMITS = {
  titleMax: 200,
  summaryMax: 500,
  richMax: 50_000,
  rounds: 10,
  criteria: 12,
  judges: 50,
  links: 10,
  files: 10,
  textMax: 20_000,
  teamMax: 10,
} as const;

/** The organiser's privilege in a tenant (docs/permissions.md): holders manage its competitions. */
export const COMPETITION_PRIVILEGE = '/manage-competitions';

export const COMPETITION_MESSAGES = {
  notFound: 'Competition not found.',
  titleEmpty: 'Give the competition a title.',
  slugTaken: 'Another competition already uses this address.',
  otherTenant: 'You may organise competitions only in your own organisation.',
  notOrganiser: 'Only the organisers of this competition may do this.',
  roundsNeeded: 'Add at least one round with a submission deadline.',
  criteriaNeeded: 'Each round needs at least one judging criterion.',
  deadlineOrder: 'Each round’s deadline must come after the previous round’s.',
  roundHasSubmissions: 'A round that has submissions cannot be removed.',
  unknownRound: 'There is no such round in this competition.',
  unknownJudge: 'There is no such person to make a judge.',
  notPublished: 'This competition is not open yet.',
  alreadyEntered: 'You have already entered this competition.',
  judgeCannotEnter: 'Judges of this competition cannot enter it.',
  teamsOnly: 'This competition takes teams only: give your team a name.',
  individualsOnly: 'This competition takes individuals only.',
  teamNameNeeded: 'Give your team a name.',
  notEntered: 'Enter the competition first.',
  notTeam: 'Only a team can invite members.',
  notCaptain: 'Only the person who created the team can invite members.',
  teamFull: 'The team is full.',
  inviteeEntered: 'This person has already entered the competition.',
  inviteeUnknown: 'There is no such person to invite.',
  alreadyInvited: 'This person is already invited.',
  noInvite: 'There is no invitation for you in this team.',
  deadlinePassed: 'The deadline for this round has passed: submissions can no longer be changed.',
  notInRound: 'Your entry has not advanced to this round.',
  submissionEmpty: 'Write something, add a link or attach a file.',
  unknownFile: 'Attach only files you uploaded.',
  notJudge: 'You are not a judge of this competition.',
  conflicted: 'You declared a conflict of interest with this submission, so you cannot score it.',
  alreadyScored: 'You have scored this submission already: a conflict can no longer be declared.',
  scoresIncomplete: 'Score every criterion of the round, from 1 to 5.',
  unknownCriterion: 'Score only the criteria of this round.',
  unknownSubmission: 'Submission not found.',
  lastRound: 'This is the last round: announce the winners instead.',
  roundOpen: 'The round is still open: wait for its deadline before advancing or announcing.',
  nothingToAdvance: 'No scored submission to advance.',
  winnersAnnounced: 'The winners have been announced already.',
  winnersNotInRound: 'Winners must be submissions of the last round.',
  leaderboardPrivate: 'The leaderboard of this competition is private.',
} as const;

const id = z.number().int().positive().max(2_147_483_647);
const isoDate = z.iso.datetime({ offset: true, message: 'Use an ISO 8601 date and time.' });
const rich = z.string().max(COMPETITION_LIMITS.richMax, `At most ${COMPETITION_LIMITS.richMax} characters.`);
const slug = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single hyphens.')
  .max(80);

export const criterionInput = z
  .object({
    criterion_id: id.optional(),
    name: z.string().trim().min(1, 'Name the criterion.').max(120),
    description: z.string().max(1000).optional(),
    weight: z.number().int().min(1, 'A weight is a whole number from 1 to 100.').max(100),
  })
  .strict();

export const roundInput = z
  .object({
    round_id: id.optional(),
    name: z.string().trim().min(1, 'Name the round.').max(120),
    submission_deadline: isoDate,
    criteria: z
      .array(criterionInput)
      .min(1, COMPETITION_MESSAGES.criteriaNeeded)
      .max(COMPETITION_LIMITS.criteria),
  })
  .strict();

const competitionFields = {
  title: z.string().trim().min(1, COMPETITION_MESSAGES.titleEmpty).max(COMPETITION_LIMITS.titleMax),
  summary: z.string().max(COMPETITION_LIMITS.summaryMax).optional(),
  brief: rich.optional(),
  rules: rich.optional(),
  prizes: rich.optional(),
  slug: slug.nullable().optional(),
  visibility: z.enum(COMPETITION_VISIBILITIES).optional(),
  status: z.enum(COMPETITION_STATUSES).optional(),
  participation: z.enum(COMPETITION_PARTICIPATION).optional(),
  max_team_size: z.number().int().min(2).max(COMPETITION_LIMITS.teamMax).optional(),
  leaderboard_public: z.boolean().optional(),
  starts_at: isoDate.nullable().optional(),
  /** The organiser's tenant; absent: the caller's current context (null: the platform). */
  tenant_id: id.nullable().optional(),
  /** Links the competition to a community the caller moderates (null unlinks). */
  community_id: id.nullable().optional(),
};

export const competitionCreate = z
  .object({
    ...competitionFields,
    rounds: z.array(roundInput).min(1, COMPETITION_MESSAGES.roundsNeeded).max(COMPETITION_LIMITS.rounds),
  })
  .strict();
export type CompetitionCreate = z.input<typeof competitionCreate>;

export const competitionUpdate = z
  .object({
    ...competitionFields,
    title: competitionFields.title.optional(),
    rounds: z
      .array(roundInput)
      .min(1, COMPETITION_MESSAGES.roundsNeeded)
      .max(COMPETITION_LIMITS.rounds)
      .optional(),
  })
  .strict();
export type CompetitionUpdate = z.input<typeof competitionUpdate>;

export const criterion = z.object({
  criterion_id: z.number().int(),
  name: z.string(),
  description: z.string(),
  weight: z.number().int(),
});
export type Criterion = z.infer<typeof criterion>;

export const round = z.object({
  round_id: z.number().int(),
  position: z.number().int(),
  name: z.string(),
  submission_deadline: z.string(),
  advanced_at: z.string().nullable(),
  criteria: z.array(criterion),
});
export type Round = z.infer<typeof round>;

export const competition = z.object({
  competition_id: z.number().int(),
  tenant_id: z.number().int().nullable(),
  tenant_name: z.string().nullable(),
  slug: z.string().nullable(),
  title: z.string(),
  summary: z.string(),
  brief: z.string(),
  rules: z.string(),
  prizes: z.string(),
  visibility: z.enum(COMPETITION_VISIBILITIES),
  status: z.enum(COMPETITION_STATUSES),
  participation: z.enum(COMPETITION_PARTICIPATION),
  max_team_size: z.number().int(),
  leaderboard_public: z.boolean(),
  starts_at: z.string().nullable(),
  /** The last round's deadline: past competitions are those whose last deadline has gone. */
  ends_at: z.string().nullable(),
  winners_announced_at: z.string().nullable(),
  /** The community the competition belongs to (null: none). */
  community_id: z.number().int().nullable(),
  entries: z.number().int(),
  /** The caller's relation: organiser, judge, entrant (any may be true). */
  can_manage: z.boolean(),
  is_judge: z.boolean(),
  has_entered: z.boolean(),
  rounds: z.array(round).optional(),
  created_at: z.string(),
  modified_at: z.string(),
});
export type Competition = z.infer<typeof competition>;

export const competitionListQuery = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(LIST_MAX_LIMIT).default(10),
    search: z.string().trim().max(200).optional(),
    view: z.enum(COMPETITION_VIEWS).default('discover'),
    when: z.enum(COMPETITION_WHEN).default('all'),
    /** A tenant's competitions; `platform` for the platform's own. */
    owner: z
      .union([z.literal('platform'), z.string().regex(/^[1-9][0-9]{0,9}$/, 'Use a tenant id or platform.')])
      .optional(),
    visibility: z.enum(COMPETITION_VISIBILITIES).optional(),
    status: z.enum(COMPETITION_STATUSES).optional(),
    community_id: communityFilter.optional(),
  })
  .strict();
export type CompetitionListQuery = z.input<typeof competitionListQuery>;

export const judgesInput = z.object({ user_ids: z.array(id).max(COMPETITION_LIMITS.judges) }).strict();
export const judge = z.object({ user_id: z.number().int(), name: z.string(), email: z.string().nullable() });

export const entryRegister = z
  .object({
    kind: z.enum(ENTRY_KINDS),
    team_name: z.string().trim().min(1, COMPETITION_MESSAGES.teamNameNeeded).max(120).optional(),
  })
  .strict();
export const inviteInput = z.object({ user_id: id }).strict();

export const entryMember = z.object({
  user_id: z.number().int(),
  name: z.string(),
  status: z.enum(['invited', 'member']),
});

export const submissionInput = z
  .object({
    title: z.string().trim().min(1, 'Give the submission a title.').max(200),
    text: z.string().max(COMPETITION_LIMITS.textMax).default(''),
    links: z
      .array(z.url({ protocol: /^https?$/, message: 'Use a full http(s) address.' }).max(2000))
      .max(COMPETITION_LIMITS.links)
      .default([]),
    file_ids: z.array(z.uuid('Use the id of an uploaded file.')).max(COMPETITION_LIMITS.files).default([]),
  })
  .strict();
export type SubmissionInput = z.input<typeof submissionInput>;

export const submission = z.object({
  submission_id: z.number().int(),
  round_id: z.number().int(),
  entry_id: z.number().int(),
  entry_name: z.string(),
  title: z.string(),
  text: z.string(),
  links: z.array(z.string()),
  file_ids: z.array(z.string()),
  advanced: z.boolean(),
  modified_at: z.string(),
});
export type Submission = z.infer<typeof submission>;

export const entry = z.object({
  entry_id: z.number().int(),
  competition_id: z.number().int(),
  kind: z.enum(ENTRY_KINDS),
  name: z.string(),
  captain_id: z.number().int(),
  round_reached: z.number().int(),
  place: z.number().int().nullable(),
  members: z.array(entryMember),
  submissions: z.array(submission),
  certificate_path: z.string().nullable(),
});
export type Entry = z.infer<typeof entry>;

export const invite = z.object({
  entry_id: z.number().int(),
  competition_id: z.number().int(),
  competition_title: z.string(),
  team_name: z.string(),
  invited_by: z.string(),
});
export type Invite = z.infer<typeof invite>;

export const conflictInput = z.object({ reason: z.string().trim().max(500).default('') }).strict();
export const scoreInput = z
  .object({
    scores: z
      .array(
        z
          .object({ criterion_id: id, score: z.number().int().min(1, 'From 1 to 5.').max(5, 'From 1 to 5.') })
          .strict(),
      )
      .min(1, COMPETITION_MESSAGES.scoresIncomplete)
      .max(COMPETITION_LIMITS.criteria),
  })
  .strict();

/** A submission as a judge sees it: their own scores and conflict only, never another judge's. */
export const judgingItem = submission.extend({
  conflict: z.boolean(),
  my_scores: z.array(z.object({ criterion_id: z.number().int(), score: z.number().int() })),
});
export const judgingView = z.object({
  competition_id: z.number().int(),
  round: round.nullable(),
  submissions: z.array(judgingItem),
});
export type JudgingView = z.infer<typeof judgingView>;

export const rankingRow = z.object({
  rank: z.number().int(),
  submission_id: z.number().int(),
  entry_id: z.number().int(),
  entry_name: z.string(),
  title: z.string(),
  judges: z.number().int(),
  /** Mean over judges of each judge's weighted score (1..5). */
  raw_score: z.number(),
  /** Mean over judges of the judge's z-score of this submission (docs/competitions.md). */
  normalised_score: z.number(),
  advanced: z.boolean(),
  place: z.number().int().nullable(),
});
export type RankingRow = z.infer<typeof rankingRow>;
export const ranking = z.object({
  round_id: z.number().int(),
  rows: z.array(rankingRow),
  /** Organisers only: how many judges scored each submission out of the assigned, unconflicted ones. */
  judges_assigned: z.number().int(),
});
export type Ranking = z.infer<typeof ranking>;

export const advanceInput = z.object({ round_id: id, top_n: z.number().int().min(1).max(1000) }).strict();
export const announceInput = z
  .object({ submission_ids: z.array(id).min(1, 'Choose at least one winner.').max(10) })
  .strict();

export const roundQuery = z.object({ round_id: z.coerce.number().int().positive().optional() }).strict();

/** Where the certificate of a winner is issued from: an id namespace apart from learning programs. */
export const COMPETITION_CERTIFICATE_KIND = 'competition';
