import {
  Alert,
  Anchor,
  Button,
  Center,
  Container,
  Group,
  Loader,
  Paper,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { PROFILE_MESSAGES, type ProfileSection, SECTION_SCHEMAS } from '@nexus/contracts';
import { IconAlertCircle, IconExternalLink } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useAppSelector } from '../../../app/store';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { notify } from '../../../shared/ui/notify';
import { useGetMySectionQuery, useSaveSectionMutation } from '../api';
import { cleanValues, type FormValues, schemaValidator, withSaved } from '../form-values';

export type SectionForm = UseFormReturnType<FormValues>;

interface SectionEditorProps {
  section: ProfileSection;
  title: string;
  description: string;
  /** Every field with its empty value ('' for inputs, null for selects, [] for lists). */
  initialValues: FormValues;
  children: (form: SectionForm) => ReactNode;
  /** Shown beside the save button (the self-assessment's live score). */
  aside?: (form: SectionForm) => ReactNode;
}

const messageOf = (error: unknown) => (error as HttpQueryError | undefined)?.message ?? 'Request failed';

/**
 * What every profile-section page shares: loading the caller's saved section, the form validated with
 * the section's shared schema, the "show on my profile" switch, saving, and the loading and error states.
 */
export function SectionEditor({
  section,
  title,
  description,
  initialValues,
  children,
  aside,
}: SectionEditorProps) {
  const userId = useAppSelector((state) => state.auth.user?.user_id);
  const saved = useGetMySectionQuery(section);
  const [save, saveState] = useSaveSectionMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const hydrated = useRef(false);

  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues,
    validate: schemaValidator(SECTION_SCHEMAS[section]),
    validateInputOnBlur: true,
  });

  useEffect(() => {
    if (hydrated.current || saved.data === undefined) return;
    hydrated.current = true;
    if (saved.data) {
      form.setValues(
        withSaved(initialValues, { ...saved.data.data, show_on_profile: saved.data.show_on_profile }),
      );
      form.resetDirty();
    }
  }, [saved.data, form, initialValues]);

  const onSubmit = form.onSubmit(
    async (values) => {
      setServerError(null);
      try {
        await save({ section, values: cleanValues(values) }).unwrap();
        form.resetDirty();
        void notify.success(PROFILE_MESSAGES.saved);
      } catch (error) {
        setServerError(messageOf(error));
      }
    },
    () => {
      // Keyboard and screen-reader users land on the first answer that needs attention.
      requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    },
  );

  const header = (
    <Stack gap={4}>
      <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
        {title}
      </Title>
      <Text c="dimmed" size="sm">
        {description}
      </Text>
    </Stack>
  );

  if (saved.isLoading) {
    return (
      <Container size="md" px={0}>
        <Stack gap="lg">
          {header}
          <Center py="xl">
            <Loader aria-label="Loading your section" />
          </Center>
        </Stack>
      </Container>
    );
  }

  if (saved.isError) {
    return (
      <Container size="md" px={0}>
        <Stack gap="lg">
          {header}
          <Alert
            color="red"
            icon={<IconAlertCircle aria-hidden="true" />}
            title="We could not load this section"
            role="alert"
          >
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{messageOf(saved.error)}</Text>
              <Button size="xs" variant="light" onClick={() => saved.refetch()}>
                Try again
              </Button>
            </Stack>
          </Alert>
        </Stack>
      </Container>
    );
  }

  return (
    <Container size="md" px={0}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
            {header}
            {userId && saved.data ? (
              <Anchor component={Link} to={`/profile/${userId}`} size="sm">
                <Group gap={4} wrap="nowrap">
                  View my profile <IconExternalLink size={14} aria-hidden="true" />
                </Group>
              </Anchor>
            ) : null}
          </Group>
          {saved.data === null ? (
            <Text size="sm" c="dimmed">
              You have not filled this in yet.
            </Text>
          ) : null}
          {children(form)}
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="md">
              {aside?.(form)}
              <Switch
                label="Show this on my profile"
                description="Members who can see your profile see this section too."
                {...form.getInputProps('show_on_profile', { type: 'checkbox' })}
              />
              {serverError ? (
                <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
                  {serverError}
                </Alert>
              ) : null}
              <Group justify="flex-end">
                <Button type="submit" loading={saveState.isLoading}>
                  Save
                </Button>
              </Group>
            </Stack>
          </Paper>
        </Stack>
      </form>
    </Container>
  );
}
