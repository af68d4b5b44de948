import { Button, Group, Stack, Title } from '@mantine/core';
import type { Assessment, Question } from '@nexus/contracts';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useAppSelector } from '../../../../app/store';
import type { HttpQueryError } from '../../../../shared/api/base-api';
import { ConfirmDialog } from '../../../../shared/ui/ConfirmDialog';
import { Modal } from '../../../../shared/ui/Modal';
import { notify } from '../../../../shared/ui/notify';
import {
  type QuestionInput,
  useCreateQuestionMutation,
  useDeleteQuestionMutation,
  useReorderQuestionsMutation,
  useUpdateQuestionMutation,
} from '../../assessment-api';
import { QuestionEditor } from './QuestionEditor';
import { QuestionListEditor } from './QuestionListEditor';
import { draftOf, emptyDraft } from './question-draft';

/** `unsaved`: an edit the author made while the last save was in flight, not sent yet. */
type Editing = { mode: 'add' } | { mode: 'edit'; question: Question; unsaved?: boolean } | null;

/** The builder's questions: add, edit, delete (asked first) and reorder in one bulk update. */
export function BuilderQuestions({
  assessment,
  questions,
}: {
  assessment: Assessment;
  questions: Question[];
}) {
  const assessmentId = assessment.assessment_id;
  const userId = useAppSelector((state) => state.auth.user?.user_id ?? 0);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Question | null>(null);
  const [create, creating] = useCreateQuestionMutation();
  const [update, updating] = useUpdateQuestionMutation();
  const [remove] = useDeleteQuestionMutation();
  const [reorder, reordering] = useReorderQuestionsMutation();
  const saveState = editing?.mode === 'edit' ? updating : creating;

  const close = () => {
    creating.reset();
    updating.reset();
    setEditing(null);
  };

  const save = async (payload: QuestionInput, changedSince: () => boolean) => {
    let saved: Question;
    try {
      if (editing?.mode === 'edit') {
        saved = await update({ assessmentId, id: editing.question.question_id, changes: payload }).unwrap();
      } else {
        const position = questions.reduce((max, question) => Math.max(max, question.position + 1), 0);
        saved = await create({ ...payload, assessment_id: assessmentId, position }).unwrap();
      }
    } catch {
      // The editor shows the server's message and keeps the draft.
      return;
    }
    if (!changedSince()) {
      close();
      return;
    }
    // What was typed while the save was in flight is not lost with the dialog: it stays open on the
    // saved question, so the next save updates it rather than adding a second one.
    creating.reset();
    setEditing({ mode: 'edit', question: saved, unsaved: true });
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove({ assessmentId, id: deleting.question_id, userId }).unwrap();
      notify.success('Question deleted');
    } catch (error) {
      notify.error((error as HttpQueryError).message);
    } finally {
      setDeleting(null);
    }
  };

  const move = async (index: number, by: -1 | 1) => {
    const order = questions.map((question) => question.question_id);
    const target = index + by;
    [order[index], order[target]] = [order[target] as number, order[index] as number];
    try {
      await reorder({ assessmentId, order }).unwrap();
    } catch (error) {
      notify.error((error as HttpQueryError).message);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3">
          Questions ({questions.length})
        </Title>
        <Button
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          onClick={() => setEditing({ mode: 'add' })}
        >
          Add question
        </Button>
      </Group>
      <QuestionListEditor
        questions={questions}
        kind={assessment.kind}
        busy={reordering.isLoading}
        onEdit={(question) => setEditing({ mode: 'edit', question })}
        onDelete={setDeleting}
        onMove={move}
      />
      <Modal
        opened={editing !== null}
        onClose={close}
        title={editing?.mode === 'edit' ? 'Edit question' : 'Add question'}
      >
        {/* No key: an add that turns into an edit keeps this editor and what it holds. */}
        {editing ? (
          <QuestionEditor
            initial={editing.mode === 'edit' ? draftOf(editing.question) : emptyDraft()}
            assessmentId={assessmentId}
            kind={assessment.kind}
            saving={saveState.isLoading}
            serverError={saveState.isError ? (saveState.error as HttpQueryError).message : undefined}
            notice={
              editing.mode === 'edit' && editing.unsaved
                ? 'Question saved. The changes you made while it was saving are not saved yet.'
                : undefined
            }
            onSave={save}
            onCancel={close}
          />
        ) : null}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete this question?"
        message={`“${deleting?.prompt ?? ''}” will be removed from the assessment.`}
        confirmLabel="Delete question"
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
