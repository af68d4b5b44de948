import { COMPETENCES, scoreSelfAssessment } from '@nexus/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileSections } from '../../db/schema';
import { makeUser, makeUserSetting, member } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';

const BASE = '/api/profiles';
let t: TestApp;

beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

const VALID = {
  entrepreneurial: {
    venture_name: 'Seedly',
    one_liner: 'Soil sensors for smallholders',
    stage: 'mvp',
    sector: 'agriculture',
    founded_year: 2024,
    team_size: 3,
    skills: ['Hardware', 'Sales'],
    looking_for_cofounder: true,
    cofounder_skills: ['Firmware'],
    website: 'https://seedly.example.test',
  },
  volunteer: {
    skills: ['Mentoring', 'Python'],
    causes: ['education', 'youth_women'],
    hours_per_month: 8,
    availability: 'evenings',
    mode: 'remote',
    languages: ['English', 'Swahili'],
  },
  employability: {
    open_to_work: true,
    education: [
      {
        institution: 'University of Lagos',
        qualification: 'BSc',
        field: 'CS',
        start_year: 2018,
        end_year: 2022,
      },
    ],
    experience: [{ organisation: 'Acme', title: 'Intern', start: '2021-06', end: '2021-09' }],
    skills: ['TypeScript'],
    cv_url: 'https://files.example.test/cv.pdf',
    job_preferences: { job_types: ['full_time'], locations: ['Lagos'], work_place: 'hybrid' },
  },
  'self-assessment': {
    ratings: Object.fromEntries(COMPETENCES.map((c, i) => [c.key, { score: (i % 5) + 1 }])),
  },
  fundraising: {
    amount_sought: 250000,
    currency: 'USD',
    stage: 'seed',
    instrument: 'safe',
    use_of_funds: [
      { purpose: 'Product', percent: 60 },
      { purpose: 'Sales', percent: 40 },
    ],
    traction: { monthly_revenue: 4000, customers: 120, growth_percent: 12 },
    pitch_deck_url: 'https://files.example.test/deck.pdf',
  },
} as const;

async function save(section: string, payload: unknown) {
  return t.app.inject({ method: 'PUT', url: `${BASE}/saveSection/${section}`, payload: payload as object });
}

async function rowsOf(userId: number, section: string) {
  return t.database.db
    .select()
    .from(profileSections)
    .where(and(eq(profileSections.user_id, userId), eq(profileSections.section, section)));
}

describe('profile sections', () => {
  it('saves and reads back every section, each with its default visibility', async () => {
    const me = await makeUser(t.database);
    t.actAs(member(me.user_id, null));
    for (const [section, payload] of Object.entries(VALID)) {
      const before = await t.app.inject({ method: 'GET', url: `${BASE}/getSection/${section}` });
      expect(before.json()).toEqual({ data: null });
      const saved = await save(section, payload);
      expect(saved.statusCode, section).toBe(200);
      expect(saved.json().data).toMatchObject({ section, show_on_profile: section !== 'self-assessment' });
      const read = await t.app.inject({ method: 'GET', url: `${BASE}/getSection/${section}` });
      expect(read.json().data).toEqual(saved.json().data);
    }
  });

  it('computes the self-assessment score on the server and ignores a score sent by the client', async () => {
    const me = await makeUser(t.database);
    t.actAs(member(me.user_id, null));
    const sent = await save('self-assessment', { ...VALID['self-assessment'], score: { average: 5 } });
    expect(sent.statusCode).toBe(400);
    const saved = await save('self-assessment', VALID['self-assessment']);
    const expected = scoreSelfAssessment(VALID['self-assessment'].ratings);
    expect(saved.json().data.data.score).toEqual(expected);
    expect(expected).toMatchObject({ average: 3, percent: 50, level: 'intermediate' });
  });

  it('replaces the section on a second save (one row per user and section)', async () => {
    const me = await makeUser(t.database);
    t.actAs(member(me.user_id, null));
    await save('volunteer', VALID.volunteer);
    await save('volunteer', { ...VALID.volunteer, hours_per_month: 20, show_on_profile: false });
    const rows = await rowsOf(me.user_id, 'volunteer');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.data).toMatchObject({ hours_per_month: 20, show_on_profile: false });
  });

  it('refuses an invalid section body naming the field, writing nothing', async () => {
    const me = await makeUser(t.database);
    t.actAs(member(me.user_id, null));
    const cases: [string, unknown, string][] = [
      ['entrepreneurial', { ...VALID.entrepreneurial, stage: 'unicorn' }, 'stage'],
      ['entrepreneurial', { ...VALID.entrepreneurial, venture_name: '' }, 'venture_name'],
      ['entrepreneurial', { ...VALID.entrepreneurial, website: 'http://x.test' }, 'website'],
      ['volunteer', { ...VALID.volunteer, hours_per_month: 500 }, 'hours_per_month'],
      ['volunteer', { ...VALID.volunteer, causes: [] }, 'causes'],
      [
        'employability',
        {
          ...VALID.employability,
          experience: [{ organisation: 'A', title: 'B', start: '2022-05', end: '2021-01' }],
        },
        'experience.0.end',
      ],
      ['self-assessment', { ratings: { creativity: { score: 6 } } }, 'ratings.spotting_opportunities'],
      [
        'fundraising',
        { ...VALID.fundraising, use_of_funds: [{ purpose: 'All', percent: 90 }] },
        'use_of_funds',
      ],
      ['fundraising', { ...VALID.fundraising, amount_sought: 0 }, 'amount_sought'],
      ['fundraising', { ...VALID.fundraising, secret: true }, ''],
    ];
    for (const [section, payload, field] of cases) {
      const response = await save(section, payload);
      expect(response.statusCode, `${section} ${field}`).toBe(400);
      const body = response.json();
      expect(body.code).toBe('BAD_REQUEST');
      if (field) {
        expect(body.details.map((d: { path: string }) => d.path)).toContain(field);
        expect(body.message).toContain(field);
      }
      expect(await rowsOf(me.user_id, section)).toHaveLength(0);
    }
  });

  it('refuses an unknown section name', async () => {
    const me = await makeUser(t.database);
    t.actAs(member(me.user_id, null));
    const get = await t.app.inject({ method: 'GET', url: `${BASE}/getSection/hobbies` });
    expect(get.statusCode).toBe(400);
    expect((await save('hobbies', {})).statusCode).toBe(400);
  });

  it("shows another member's section only when shared and the profile is visible", async () => {
    const owner = await makeUser(t.database);
    const viewer = await makeUser(t.database);
    t.actAs(member(owner.user_id, null));
    await save('volunteer', VALID.volunteer);
    await save('fundraising', { ...VALID.fundraising, show_on_profile: false });
    t.actAs(member(viewer.user_id, null));
    const url = (section: string) => `${BASE}/getUserSection/${owner.user_id}/${section}`;
    const shared = await t.app.inject({ method: 'GET', url: url('volunteer') });
    expect(shared.statusCode).toBe(200);
    expect(shared.json().data.data).toMatchObject({ hours_per_month: 8 });
    expect((await t.app.inject({ method: 'GET', url: url('fundraising') })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: url('employability') })).statusCode).toBe(404);
    await makeUserSetting(t.database, { user_id: owner.user_id, profile_visibility: 'private' });
    expect((await t.app.inject({ method: 'GET', url: url('volunteer') })).statusCode).toBe(404);
    t.actAs(member(owner.user_id, null));
    expect((await t.app.inject({ method: 'GET', url: url('fundraising') })).statusCode).toBe(200);
  });

  it("writes only the caller's own section and needs a session", async () => {
    const owner = await makeUser(t.database);
    const other = await makeUser(t.database);
    t.actAs(member(owner.user_id, null));
    await save('volunteer', VALID.volunteer);
    t.actAs(member(other.user_id, null));
    await save('volunteer', { ...VALID.volunteer, hours_per_month: 99, user_id: owner.user_id });
    expect((await rowsOf(owner.user_id, 'volunteer'))[0]?.data).toMatchObject({ hours_per_month: 8 });
    t.actAs(null);
    expect((await save('volunteer', VALID.volunteer)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/getSection/volunteer` })).statusCode).toBe(401);
    const theirs = await t.app.inject({
      method: 'GET',
      url: `${BASE}/getUserSection/${owner.user_id}/volunteer`,
    });
    expect(theirs.statusCode).toBe(401);
  });
});
