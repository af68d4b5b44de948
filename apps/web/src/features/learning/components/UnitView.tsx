import { Alert, Anchor, AspectRatio, Button, Stack, Text, Title, Typography } from '@mantine/core';
import { type TreeUnit, videoEmbedOf } from '@nexus/contracts';
import dayjs from 'dayjs';
import { Link } from 'react-router';

/**
 * A video unit: YouTube and Vimeo play in their privacy-enhanced embedded players (the only frames
 * the Content Security Policy allows); any other address opens in a new tab, since a `<video>`
 * cannot play a web page and would sit there dead (issue 23 point 4).
 */
export function VideoPlayer({ url, title }: { url: string; title: string }) {
  const embed = videoEmbedOf(url);
  if (!embed) {
    return (
      <Stack gap={4} align="flex-start">
        <Text size="sm" c="dimmed">
          This video is on another site.
        </Text>
        <Button component="a" href={url} target="_blank" rel="noreferrer" variant="light">
          Open video
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap={4}>
      <AspectRatio ratio={16 / 9}>
        <iframe
          src={embed.src}
          title={`${title} (${embed.provider} video)`}
          loading="lazy"
          allow="encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          // YouTube's embedded player refuses to play without the page's origin as referrer.
          referrerPolicy="strict-origin-when-cross-origin"
          style={{ border: 0, borderRadius: 8 }}
        />
      </AspectRatio>
      <Anchor href={url} target="_blank" rel="noreferrer" size="sm">
        Watch on {embed.provider}
      </Anchor>
    </Stack>
  );
}

/** One unit's content by kind (issue 5, part 3). Text was sanitised by the server when it was saved. */
export function UnitView({ unit, programId }: { unit: TreeUnit; programId: number }) {
  const content = unit.content as {
    html?: string;
    url?: string;
    assessment_id?: number;
    starts_at?: string;
    ends_at?: string;
    batch_id?: number;
    schedule_id?: number;
  };
  return (
    <Stack gap="md">
      <Title order={2}>{unit.unit_name}</Title>
      {unit.unit_type === 'text' ? (
        content.html ? (
          <Typography>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with sanitize-html on the server when saved. */}
            <div dangerouslySetInnerHTML={{ __html: content.html }} />
          </Typography>
        ) : (
          <Text c="dimmed">This unit has no text yet.</Text>
        )
      ) : null}
      {unit.unit_type === 'video' && content.url ? (
        <VideoPlayer url={content.url} title={unit.unit_name} />
      ) : null}
      {unit.unit_type === 'document' && content.url ? (
        <Button
          component="a"
          href={content.url}
          target="_blank"
          rel="noreferrer"
          variant="light"
          w="fit-content"
        >
          Open the document
        </Button>
      ) : null}
      {unit.unit_type === 'assessment' ? (
        content.assessment_id ? (
          <Stack gap={4} align="flex-start">
            <Text size="sm">This unit is done once you pass the assessment.</Text>
            <Button
              component={Link}
              // start=1: a learner with a retake open begins the next attempt (TakeAssessmentPage).
              to={`/assessment/${content.assessment_id}?unit=${unit.unit_id}&program=${programId}&start=1`}
              w="fit-content"
            >
              Take the assessment
            </Button>
          </Stack>
        ) : (
          <Text c="dimmed">The assessment is not attached yet.</Text>
        )
      ) : null}
      {unit.unit_type === 'live_session' ? (
        <Alert title="Live session" color="blue">
          {content.starts_at
            ? `${dayjs(content.starts_at).format('D MMM YYYY, HH:mm')}${content.ends_at ? ` to ${dayjs(content.ends_at).format('HH:mm')}` : ''}`
            : 'The schedule is not set yet.'}
          <Text size="sm" mt="xs">
            This unit is done once your attendance is recorded.{' '}
            <Anchor
              component={Link}
              underline="always"
              to={`/attendance/live_session/${content.schedule_id ?? 1}/${unit.unit_id}/${content.batch_id ?? 1}`}
            >
              Open attendance and check in
            </Anchor>
          </Text>
        </Alert>
      ) : null}
    </Stack>
  );
}
