import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { CallItem, CenterCard, InvestorItem, ProjectCard, StartupCard } from '@nexus/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  countryLabel,
  dateLabel,
  kindLabel,
  money,
  roundLabel,
  sectorLabel,
  stageLabel,
  statusLabel,
} from './labels';

function Shell({
  title,
  to,
  meta,
  children,
}: {
  title: string;
  to?: string;
  meta: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Card withBorder padding="md" component="article">
      <Stack gap={6}>
        <Text fw={700} size="lg" component="h3" m={0}>
          {to ? (
            <Anchor component={Link} to={to} inherit>
              {title}
            </Anchor>
          ) : (
            title
          )}
        </Text>
        <Group gap={6} wrap="wrap">
          {meta}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

export function StartupCardView({ startup }: { startup: StartupCard }) {
  return (
    <Shell
      title={startup.name}
      to={`/startup-project/overview/${startup.startup_id}`}
      meta={
        <>
          <Badge variant="light">{sectorLabel(startup.sector)}</Badge>
          <Badge variant="outline" color="gray">
            {stageLabel(startup.stage)}
          </Badge>
          <Text size="sm" c="dimmed">
            {countryLabel(startup.country)} · {startup.owner.name}
          </Text>
        </>
      }
    >
      {startup.tagline ? <Text size="sm">{startup.tagline}</Text> : null}
    </Shell>
  );
}

export function ProjectCardView({ project, extra }: { project: ProjectCard; extra?: ReactNode }) {
  return (
    <Shell
      title={project.title}
      to={`/project-overview/${project.project_id}`}
      meta={
        <>
          <Badge variant="light">{sectorLabel(project.sector)}</Badge>
          <Badge variant="outline" color="gray">
            {statusLabel(project.status)}
          </Badge>
          <Text size="sm" c="dimmed">
            {project.owner.name} · team of {project.team_size}
          </Text>
        </>
      }
    >
      {project.summary ? (
        <Text size="sm" lineClamp={2}>
          {project.summary}
        </Text>
      ) : null}
      {project.needs.length > 0 ? <Text size="sm">Looking for: {project.needs.join(', ')}</Text> : null}
      {extra}
    </Shell>
  );
}

export function CenterCardView({ center }: { center: CenterCard }) {
  return (
    <Shell
      title={center.name}
      to={`/innovation-center/overview/${center.center_id}`}
      meta={
        <>
          <Badge variant="light">{kindLabel(center.kind)}</Badge>
          <Text size="sm" c="dimmed">
            {countryLabel(center.country)}
          </Text>
          {center.open_cohorts > 0 ? (
            <Badge color="green" variant="dot">
              {center.open_cohorts === 1 ? '1 cohort open' : `${center.open_cohorts} cohorts open`}
            </Badge>
          ) : null}
        </>
      }
    >
      {center.sectors.length > 0 ? (
        <Text size="sm">Sectors: {center.sectors.map(sectorLabel).join(', ')}</Text>
      ) : null}
    </Shell>
  );
}

export function InvestorCardView({ investor }: { investor: InvestorItem }) {
  return (
    <Shell
      title={investor.name}
      meta={
        <>
          <Badge variant="light">{kindLabel(investor.kind)}</Badge>
          <Text size="sm" c="dimmed">
            {countryLabel(investor.country)} · {investor.open_calls} open{' '}
            {investor.open_calls === 1 ? 'call' : 'calls'}
          </Text>
        </>
      }
    >
      {investor.thesis ? <Text size="sm">{investor.thesis}</Text> : null}
      {investor.sectors.length > 0 ? (
        <Text size="sm" c="dimmed">
          Sectors: {investor.sectors.map(sectorLabel).join(', ')}
          {investor.stages.length > 0 ? ` · Rounds: ${investor.stages.map(roundLabel).join(', ')}` : ''}
        </Text>
      ) : null}
    </Shell>
  );
}

export function CallCardView({ call, action }: { call: CallItem; action?: ReactNode }) {
  return (
    <Shell
      title={call.title}
      meta={
        <>
          <Badge variant="light">{sectorLabel(call.sector)}</Badge>
          <Badge variant="outline" color="gray">
            {roundLabel(call.stage)}
          </Badge>
          <Badge color={call.is_open ? 'green' : 'gray'} variant="dot">
            {call.is_open ? `Closes ${dateLabel(call.closes_at)}` : 'Closed'}
          </Badge>
        </>
      }
    >
      <Text size="sm">
        {call.investor.name} · tickets {money(call.ticket_min, call.currency)} to{' '}
        {money(call.ticket_max, call.currency)}
      </Text>
      {call.thesis ? (
        <Text size="sm" c="dimmed" lineClamp={3}>
          {call.thesis}
        </Text>
      ) : null}
      {call.applications !== null ? <Text size="sm">{call.applications} applications so far</Text> : null}
      {action}
    </Shell>
  );
}
