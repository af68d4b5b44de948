import { Alert, Badge, Button, Group, Text } from '@mantine/core';
import type { Assessment } from '@nexus/contracts';
import { useState } from 'react';
import type { HttpQueryError } from '../../../../shared/api/base-api';
import { ConfirmDialog } from '../../../../shared/ui/ConfirmDialog';
import { notify } from '../../../../shared/ui/notify';
import { useUpdateAssessmentMutation } from '../../assessment-api';

/** Draft or Published: publishing asks first, since learners can start answering at once. */
export function PublishControl({
  assessment,
  questionCount,
}: {
  assessment: Assessment;
  questionCount: number;
}) {
  const [confirming, setConfirming] = useState(false);
  const [update, updating] = useUpdateAssessmentMutation();
  const published = assessment.status === 'published';

  const setStatus = async (status: Assessment['status']) => {
    try {
      await update({ id: assessment.assessment_id, changes: { status } }).unwrap();
      notify.success(status === 'published' ? 'Assessment published' : 'Assessment moved to draft');
    } catch {
      // Shown below.
    } finally {
      setConfirming(false);
    }
  };

  return (
    <>
      <Group gap="sm" wrap="wrap">
        <Badge size="lg" variant="dot" color={published ? 'green' : 'gray'}>
          {published ? 'Published' : 'Draft'}
        </Badge>
        {published ? (
          <Button variant="default" loading={updating.isLoading} onClick={() => setStatus('draft')}>
            Move to draft
          </Button>
        ) : (
          <Button onClick={() => setConfirming(true)} disabled={questionCount === 0}>
            Publish
          </Button>
        )}
        {!published && questionCount === 0 ? (
          <Text size="sm" c="dimmed">
            Add a question before publishing.
          </Text>
        ) : null}
      </Group>
      {updating.isError ? (
        <Alert color="red" role="alert" mt="sm">
          {(updating.error as HttpQueryError).message}
        </Alert>
      ) : null}
      <ConfirmDialog
        opened={confirming}
        title="Publish this assessment?"
        message="Learners will be able to find it and start answering. Change questions with care once responses arrive."
        confirmLabel="Yes, publish"
        confirmColor="indigo"
        onConfirm={() => setStatus('published')}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
