import {
  Anchor,
  Badge,
  Button,
  FileButton,
  Group,
  List,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  FILES_API,
  READINESS_DIMENSION_LABELS,
  READINESS_EVIDENCE_MAX,
  READINESS_LEVELS,
  type ReadinessDimensionResult,
} from '@nexus/contracts';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/http';
import { uploadFile } from '../../../shared/files/upload-file';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { notify } from '../../../shared/ui/notify';
import { useAddEvidenceMutation, useRemoveEvidenceMutation, useRequestReviewMutation } from '../api';

const STATUS_LABEL = { requested: 'Review requested', confirmed: 'Confirmed', adjusted: 'Adjusted' } as const;
// Filled in dark shades: the light variants of yellow and green fail AA contrast.
const STATUS_COLOR = { requested: 'grape.9', confirmed: 'teal.9', adjusted: 'blue.9' } as const;

/** One dimension of my latest result: its level, the review, evidence files and a review request. */
export function DimensionCard({ resultId, item }: { resultId: number; item: ReadinessDimensionResult }) {
  const label = READINESS_DIMENSION_LABELS[item.dimension];
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [removing, setRemoving] = useState<number | null>(null);
  const [addEvidence] = useAddEvidenceMutation();
  const [removeEvidence] = useRemoveEvidenceMutation();
  const [requestReview, requesting] = useRequestReviewMutation();
  const pending = item.review?.status === 'requested';

  const attach = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    try {
      const stored = await uploadFile(file, 'document');
      await addEvidence({ result_id: resultId, dimension: item.dimension, file_id: stored.file_id }).unwrap();
      notify.success(`${stored.name} attached to ${label}.`);
    } catch (error) {
      notify.error(errorMessage(error, 'The file could not be attached. Try again.'));
    } finally {
      setUploading(false);
    }
  };

  const ask = async () => {
    const value = email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) {
      setEmailError("Enter the reviewer's email address.");
      return;
    }
    setEmailError(null);
    try {
      const review = await requestReview({
        result_id: resultId,
        dimension: item.dimension,
        reviewer_email: value,
      }).unwrap();
      notify.success(`Review requested from ${review.reviewer.name}.`);
      setEmail('');
    } catch (error) {
      setEmailError(errorMessage(error, 'The review could not be requested. Try again.'));
    }
  };

  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={`${label} level`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} size="h4">
            {label}: level {item.level}
          </Title>
          <Group gap="xs">
            {item.target ? (
              <Badge color="dark" variant="outline">
                Investor target {item.target}
              </Badge>
            ) : null}
            {item.review ? (
              <Badge color={STATUS_COLOR[item.review.status]} variant="filled">
                {STATUS_LABEL[item.review.status]}
              </Badge>
            ) : (
              <Badge color="dark" variant="outline">
                Self-assessed
              </Badge>
            )}
          </Group>
        </Group>
        <Text size="sm">{READINESS_LEVELS[item.dimension][item.level - 1]}</Text>
        {item.review && item.review.status !== 'requested' ? (
          <Text size="sm">
            {item.review.reviewer.name} {item.review.status} your level {item.review.self_level}
            {item.review.status === 'adjusted' ? ` to ${item.review.reviewed_level}` : ''}: “
            {item.review.comment}”
          </Text>
        ) : null}
        {pending ? (
          <Text size="sm" c="dimmed">
            Waiting for {item.review?.reviewer.name} to review this level.
          </Text>
        ) : null}
        <div>
          <Text size="sm" fw={600}>
            Evidence
          </Text>
          {item.evidence.length === 0 ? (
            <Text size="sm" c="dimmed">
              No evidence attached yet.
            </Text>
          ) : (
            <List size="sm" spacing={4}>
              {item.evidence.map((evidence) => (
                <List.Item key={evidence.evidence_id}>
                  <Group gap="xs">
                    <Anchor
                      href={`${FILES_API}/content/${evidence.file_id}`}
                      target="_blank"
                      rel="noreferrer"
                    >
                      {evidence.name}
                    </Anchor>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      onClick={() => setRemoving(evidence.evidence_id)}
                      aria-label={`Remove ${evidence.name}`}
                    >
                      Remove
                    </Button>
                  </Group>
                </List.Item>
              ))}
            </List>
          )}
          {item.evidence.length < READINESS_EVIDENCE_MAX ? (
            <FileButton onChange={attach} accept=".pdf,.docx,.xlsx,.pptx,.txt,.csv,image/*">
              {(props) => (
                <Button {...props} size="xs" variant="light" mt="xs" loading={uploading}>
                  Attach evidence to {label}
                </Button>
              )}
            </FileButton>
          ) : null}
        </div>
        {!pending ? (
          <Group align="flex-end" gap="xs" wrap="wrap">
            <TextInput
              label={`Reviewer's email for ${label}`}
              description="A center manager or an expert (mentor)"
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              error={emailError}
              type="email"
              style={{ flex: '1 1 240px' }}
            />
            <Button size="sm" onClick={ask} loading={requesting.isLoading}>
              Request a review
            </Button>
          </Group>
        ) : null}
      </Stack>
      <ConfirmDialog
        opened={removing !== null}
        title="Remove this evidence?"
        message="The file stays in your files; it is only detached from this level."
        confirmLabel="Remove"
        onCancel={() => setRemoving(null)}
        onConfirm={async () => {
          const id = removing;
          setRemoving(null);
          if (id === null) return;
          try {
            await removeEvidence(id).unwrap();
          } catch (error) {
            notify.error(errorMessage(error, 'The evidence could not be removed. Try again.'));
          }
        }}
      />
    </Paper>
  );
}
