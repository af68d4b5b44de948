import { Alert, Button, Group, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { cohortBody } from '@nexus/contracts';
import { useState } from 'react';
import { notify } from '../../../shared/ui/notify';
import { useAddReviewerMutation, useCreateCohortMutation } from '../api';
import { failure, fieldErrors } from './form-errors';
import { PersonPicker } from './PersonPicker';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** For a center's managers: open a cohort (dates as days, in UTC) and name reviewers. */
export function CenterAdmin({ centerId }: { centerId: number }) {
  const [values, setValues] = useState({ name: '', programme: '', opens: day(0), closes: day(30) });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [create, creating] = useCreateCohortMutation();
  const [addReviewer, adding] = useAddReviewerMutation();

  const open = async (event: React.FormEvent) => {
    event.preventDefault();
    const body = {
      name: values.name,
      programme: values.programme,
      opens_at: `${values.opens}T00:00:00Z`,
      closes_at: `${values.closes}T23:59:59Z`,
    };
    const parsed = cohortBody.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    try {
      await create({ id: centerId, body }).unwrap();
      notify.success(`${values.name} is open for applications.`);
      setValues({ name: '', programme: '', opens: day(0), closes: day(30) });
      setError(null);
    } catch (failed) {
      setError(failure(failed, 'The cohort was not created. Try again.'));
    }
  };

  return (
    <Stack gap="md">
      <form onSubmit={open} noValidate>
        <Stack gap="sm">
          <Title order={3} size="h4">
            Open a cohort
          </Title>
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <TextInput
            label="Cohort name"
            required
            value={values.name}
            onChange={(e) => setValues({ ...values, name: e.currentTarget.value })}
            error={errors.name}
          />
          <Textarea
            label="Programme"
            autosize
            minRows={2}
            value={values.programme}
            onChange={(e) => setValues({ ...values, programme: e.currentTarget.value })}
            error={errors.programme}
          />
          <Group grow wrap="wrap">
            <TextInput
              type="date"
              label="Opens on"
              value={values.opens}
              onChange={(e) => setValues({ ...values, opens: e.currentTarget.value })}
              error={errors.opens_at}
            />
            <TextInput
              type="date"
              label="Closes on"
              value={values.closes}
              onChange={(e) => setValues({ ...values, closes: e.currentTarget.value })}
              error={errors.closes_at}
            />
          </Group>
          <Button type="submit" loading={creating.isLoading} w="fit-content">
            Open cohort
          </Button>
        </Stack>
      </form>
      <Stack gap="xs">
        <Title order={3} size="h4">
          Reviewers
        </Title>
        <PersonPicker
          label="Add a reviewer by name"
          actionLabel="Add as reviewer"
          busy={adding.isLoading}
          onPick={async (userId, name) => {
            try {
              await addReviewer({ id: centerId, user_id: userId }).unwrap();
              notify.success(`${name} now reviews this center’s applications.`);
            } catch (failed) {
              notify.error(failure(failed, 'The reviewer was not added. Try again.'));
            }
          }}
        />
      </Stack>
    </Stack>
  );
}
