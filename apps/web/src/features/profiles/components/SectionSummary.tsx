import { Anchor, Badge, Group, List, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  COMPETENCE_AREAS,
  FUNDING_INSTRUMENTS,
  FUNDING_STAGES,
  JOB_TYPES,
  PROFILE_SECTORS,
  type ProfileSection,
  type ProfileSectionRecord,
  SELF_ASSESSMENT_LEVELS,
  type SelfAssessmentScore,
  VENTURE_STAGES,
  VOLUNTEER_AVAILABILITY,
  VOLUNTEER_MODES,
  WORK_PLACES,
} from '@nexus/contracts';
import type { ReactNode } from 'react';
import { labelOf } from '../form-values';

export const SECTION_TITLES: Record<ProfileSection, string> = {
  entrepreneurial: 'Entrepreneurial profile',
  volunteer: 'Volunteering',
  employability: 'Employability',
  'self-assessment': 'Self-assessment',
  fundraising: 'Fundraising',
};

type Data = Record<string, unknown>;

const list = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
const num = (value: unknown): number | null => (typeof value === 'number' ? value : null);

function Fact({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

function Tags({ label, values }: { label: string; values: string[] }) {
  if (values.length === 0) return null;
  return (
    <Fact label={label}>
      <Group gap={6} mt={4}>
        {values.map((value) => (
          <Badge key={value} variant="light" radius="sm" tt="none">
            {value}
          </Badge>
        ))}
      </Group>
    </Fact>
  );
}

function Link({ label, href }: { label: string; href: string | null }) {
  if (!href) return null;
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer nofollow" size="sm">
      {label}
    </Anchor>
  );
}

function Entrepreneurial({ data }: { data: Data }) {
  return (
    <Stack gap="sm">
      <Text fw={600}>{text(data.venture_name)}</Text>
      {text(data.one_liner) ? <Text size="sm">{text(data.one_liner)}</Text> : null}
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Fact label="Stage">{labelOf(VENTURE_STAGES, data.stage)}</Fact>
        <Fact label="Sector">{labelOf(PROFILE_SECTORS, data.sector)}</Fact>
        <Fact label="Founded">{num(data.founded_year)}</Fact>
        <Fact label="Team">{num(data.team_size)}</Fact>
      </SimpleGrid>
      <Tags label="Skills" values={list(data.skills)} />
      {data.looking_for_cofounder === true ? (
        <Tags
          label="Looking for a co-founder with"
          values={list(data.cofounder_skills).length ? list(data.cofounder_skills) : ['Any skills']}
        />
      ) : null}
      <Link label="Website" href={text(data.website)} />
    </Stack>
  );
}

function Volunteer({ data }: { data: Data }) {
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, sm: 3 }}>
        <Fact label="Hours per month">{num(data.hours_per_month)}</Fact>
        <Fact label="Available">{labelOf(VOLUNTEER_AVAILABILITY, data.availability)}</Fact>
        <Fact label="Where">{labelOf(VOLUNTEER_MODES, data.mode)}</Fact>
      </SimpleGrid>
      <Tags label="Skills" values={list(data.skills)} />
      <Tags label="Causes" values={list(data.causes)} />
      <Tags label="Languages" values={list(data.languages)} />
      <Fact label="Experience">{text(data.experience)}</Fact>
    </Stack>
  );
}

function Employability({ data }: { data: Data }) {
  const education = (Array.isArray(data.education) ? data.education : []) as Data[];
  const experience = (Array.isArray(data.experience) ? data.experience : []) as Data[];
  const prefs = (data.job_preferences ?? {}) as Data;
  return (
    <Stack gap="sm">
      {data.open_to_work === true ? (
        <Badge color="teal" variant="light" w="fit-content">
          Open to work
        </Badge>
      ) : null}
      <Tags label="Skills" values={list(data.skills)} />
      {experience.length > 0 ? (
        <Fact label="Experience">
          <List size="sm" spacing={4} mt={4}>
            {experience.map((job, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list in saved order.
              <List.Item key={`${text(job.organisation)}-${index}`}>
                {text(job.title)}, {text(job.organisation)} ({text(job.start)} – {text(job.end) ?? 'now'})
              </List.Item>
            ))}
          </List>
        </Fact>
      ) : null}
      {education.length > 0 ? (
        <Fact label="Education">
          <List size="sm" spacing={4} mt={4}>
            {education.map((entry, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list in saved order.
              <List.Item key={`${text(entry.institution)}-${index}`}>
                {text(entry.qualification)}
                {text(entry.field) ? ` in ${text(entry.field)}` : ''}, {text(entry.institution)}
                {num(entry.end_year) ? ` (${num(entry.end_year)})` : ''}
              </List.Item>
            ))}
          </List>
        </Fact>
      ) : null}
      <Tags label="Looking for" values={list(prefs.job_types).map((t) => labelOf(JOB_TYPES, t))} />
      <SimpleGrid cols={{ base: 2, sm: 3 }}>
        <Fact label="Work place">{labelOf(WORK_PLACES, prefs.work_place)}</Fact>
        <Fact label="Locations">{list(prefs.locations).join(', ')}</Fact>
        <Fact label="Available from">{text(prefs.available_from)}</Fact>
      </SimpleGrid>
      <Link label="CV" href={text(data.cv_url)} />
    </Stack>
  );
}

/** The computed self-assessment score: mean rating, percent, level and the three areas. */
export function ScoreSummary({ score }: { score: SelfAssessmentScore | null }) {
  if (!score) return <Text size="sm">Not rated yet.</Text>;
  return (
    <Stack gap="xs">
      <Group gap="sm" align="baseline">
        <Text fz={28} fw={700} lh={1}>
          {score.percent}%
        </Text>
        <Text size="sm" c="dimmed">
          mean {score.average.toFixed(1)} of 5 · {SELF_ASSESSMENT_LEVELS.labels[score.level]}
        </Text>
      </Group>
      {COMPETENCE_AREAS.values.map((area) =>
        score.areas[area] !== undefined ? (
          <div key={area}>
            <Group justify="space-between">
              <Text size="xs">{COMPETENCE_AREAS.labels[area]}</Text>
              <Text size="xs" c="dimmed">
                {score.areas[area]?.toFixed(1)}
              </Text>
            </Group>
            <Progress
              value={(((score.areas[area] ?? 1) - 1) / 4) * 100}
              aria-label={`${COMPETENCE_AREAS.labels[area]}: ${score.areas[area]} of 5`}
            />
          </div>
        ) : null,
      )}
    </Stack>
  );
}

function Fundraising({ data }: { data: Data }) {
  const currency = text(data.currency) ?? 'USD';
  const money = (value: unknown) =>
    num(value) === null
      ? null
      : new Intl.NumberFormat('en', { style: 'currency', currency, maximumFractionDigits: 0 }).format(
          num(value)!,
        );
  const uses = (Array.isArray(data.use_of_funds) ? data.use_of_funds : []) as Data[];
  const traction = (data.traction ?? {}) as Data;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Fact label="Raising">{money(data.amount_sought)}</Fact>
        <Fact label="Round">{labelOf(FUNDING_STAGES, data.stage)}</Fact>
        <Fact label="Instrument">{labelOf(FUNDING_INSTRUMENTS, data.instrument)}</Fact>
        <Fact label="Raised so far">{money(data.raised_to_date)}</Fact>
        <Fact label="Monthly revenue">{money(traction.monthly_revenue)}</Fact>
        <Fact label="Customers">{num(traction.customers)?.toLocaleString('en')}</Fact>
        <Fact label="Monthly growth">
          {num(traction.growth_percent) === null ? null : `${num(traction.growth_percent)}%`}
        </Fact>
      </SimpleGrid>
      {uses.length > 0 ? (
        <Fact label="Use of funds">
          <List size="sm" spacing={2} mt={4}>
            {uses.map((use, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list in saved order.
              <List.Item key={`${text(use.purpose)}-${index}`}>
                {text(use.purpose)}: {num(use.percent)}%
              </List.Item>
            ))}
          </List>
        </Fact>
      ) : null}
      <Fact label="Traction">{text(traction.highlights)}</Fact>
      <Link label="Pitch deck" href={text(data.pitch_deck_url)} />
    </Stack>
  );
}

/** A saved section, read-only, as others see it on a profile. */
export function SectionSummary({ record }: { record: ProfileSectionRecord }) {
  const { data } = record;
  switch (record.section) {
    case 'entrepreneurial':
      return <Entrepreneurial data={data} />;
    case 'volunteer':
      return <Volunteer data={data} />;
    case 'employability':
      return <Employability data={data} />;
    case 'self-assessment':
      return <ScoreSummary score={(data.score as SelfAssessmentScore | undefined) ?? null} />;
    case 'fundraising':
      return <Fundraising data={data} />;
  }
}
