import { Alert, Button, FileInput, Radio, Stack, Textarea } from '@mantine/core';
import { HIRING_LIMITS, HIRING_MESSAGES, type PostingDetail } from '@nexus/contracts';
import { IconFileCv } from '@tabler/icons-react';
import { useState } from 'react';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { uploadFile } from '../../../shared/files/upload-file';
import { notify } from '../../../shared/ui/notify';
import { useApplyMutation } from '../api';

const CV_ACCEPT =
  'application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,.pdf,.docx';

/** Checks the answers as the server does, so a person sees every problem before sending. */
export function applyErrors(
  posting: Pick<PostingDetail, 'questions'>,
  answers: Record<string, string>,
  cv: File | null,
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!cv) errors.cv = HIRING_MESSAGES.cvNeeded;
  for (const question of posting.questions) {
    const answer = (answers[question.question_id] ?? '').trim();
    if (!answer) {
      if (question.required) errors[question.question_id] = HIRING_MESSAGES.answerRequired;
    } else if (question.kind === 'choice' && !question.choices.includes(answer)) {
      errors[question.question_id] = HIRING_MESSAGES.unknownChoice;
    } else if (answer.length > HIRING_LIMITS.answerMax) {
      errors[question.question_id] = `At most ${HIRING_LIMITS.answerMax} characters.`;
    }
  }
  return errors;
}

/** The application: a CV (uploaded to the files module, which checks its bytes) and the answers. */
export function ApplyForm({ posting }: { posting: PostingDetail }) {
  const [cv, setCv] = useState<File | null>(null);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [apply, state] = useApplyMutation();

  const set = (id: string, value: string) => {
    setAnswers((current) => ({ ...current, [id]: value }));
    setErrors(({ [id]: _dropped, ...rest }) => rest);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = applyErrors(posting, answers, cv);
    setErrors(found);
    if (Object.keys(found).length > 0 || !cv) return;
    const sent = Object.fromEntries(
      Object.entries(answers)
        .map(([key, value]) => [key, value.trim()] as const)
        .filter(([, value]) => value !== ''),
    );
    try {
      setUploading(true);
      const file = await uploadFile(cv, 'document');
      setUploading(false);
      const result = await apply({
        posting_id: posting.posting_id,
        cv_file_id: file.file_id,
        answers: sent,
      }).unwrap();
      notify.success(result.message);
    } catch (error) {
      setUploading(false);
      setFailure((error as HttpQueryError).message ?? 'Request failed');
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Apply">
      <Stack gap="md">
        <FileInput
          label="CV"
          description="PDF or Word document"
          placeholder="Choose your CV"
          accept={CV_ACCEPT}
          withAsterisk
          clearable
          leftSection={<IconFileCv size={18} aria-hidden="true" />}
          value={cv}
          onChange={(file) => {
            setCv(file);
            setErrors(({ cv: _dropped, ...rest }) => rest);
          }}
          error={errors.cv}
        />
        {posting.questions.map((question) =>
          question.kind === 'choice' ? (
            <Radio.Group
              key={question.question_id}
              label={question.label}
              withAsterisk={question.required}
              value={answers[question.question_id] ?? ''}
              onChange={(value) => set(question.question_id, value)}
              error={errors[question.question_id]}
            >
              <Stack gap={6} mt={6}>
                {question.choices.map((choice) => (
                  <Radio key={choice} value={choice} label={choice} />
                ))}
              </Stack>
            </Radio.Group>
          ) : (
            <Textarea
              key={question.question_id}
              label={question.label}
              withAsterisk={question.required}
              autosize
              minRows={2}
              value={answers[question.question_id] ?? ''}
              onChange={(event) => set(question.question_id, event.currentTarget.value)}
              error={errors[question.question_id]}
            />
          ),
        )}
        {failure ? (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Button type="submit" loading={uploading || state.isLoading} style={{ alignSelf: 'flex-start' }}>
          Send application
        </Button>
      </Stack>
    </form>
  );
}
