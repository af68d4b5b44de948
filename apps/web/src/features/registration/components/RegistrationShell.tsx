import { Alert, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { REGISTRATION_MESSAGES, REGISTRATION_SCHEMAS, type RegistrationForm } from '@nexus/contracts';
import { IconAlertCircle, IconRestore } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/store';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { signedIn } from '../../../shared/session/auth-slice';
import { homePath } from '../../../shared/session/home-path';
import { notify } from '../../../shared/ui/notify';
import {
  useGetRegistrationQuery,
  useSaveRegistrationDraftMutation,
  useSubmitRegistrationMutation,
} from '../api';
import { cleanValues, type FormValues, schemaValidator } from '../form-values';
import { clearLocalDraft, localDraftKey, readLocalDraft, writeLocalDraft } from '../local-draft';
import { copyFor } from '../registration-copy';
import { RegistrationHeader } from './RegistrationHeader';
import classes from './RegistrationShell.module.css';

export type RegistrationFormApi = UseFormReturnType<FormValues>;

interface RegistrationShellProps {
  /** The API's role_type: `investor`, `accelerator`, ... or any role name for the generic form. */
  roleType: string;
  form: RegistrationForm;
  /** Every field of the form with its empty value ('' for inputs, null for selects, [] for lists). */
  initialValues: FormValues;
  /** The form's sections. */
  children: (form: RegistrationFormApi) => ReactNode;
}

const messageOf = (error: unknown) => (error as HttpQueryError | undefined)?.message ?? 'Request failed';

/** Keeps only the form's own fields, so an old draft with a since-removed field still submits. */
function pickFields(initial: FormValues, saved: FormValues): FormValues {
  return Object.fromEntries(Object.keys(initial).map((key) => [key, saved[key] ?? initial[key]]));
}

/**
 * Everything the registration forms share (identity issue part 9): loading the saved form, the draft
 * kept in this browser (restored on mount, cleared on submit), Save draft, Submit with the shared
 * schema, and landing by spec section 4 once the role is granted.
 */
export function RegistrationShell({
  roleType,
  form: formKind,
  initialValues,
  children,
}: RegistrationShellProps) {
  const user = useAppSelector((state) => state.auth.user);
  const emailVerified = useAppSelector((state) => state.auth.otpVerified);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const schemas = REGISTRATION_SCHEMAS[formKind];
  const draftKey = localDraftKey(user?.user_id ?? 0, roleType);
  const copy = copyFor(roleType);

  const ready = useRef(false);
  const [restored, setRestored] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);

  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues,
    validate: schemaValidator(schemas.full),
    validateInputOnBlur: true,
    onValuesChange: (values) => {
      if (ready.current) writeLocalDraft(draftKey, values);
    },
  });

  const saved = useGetRegistrationQuery({ roleType, userId: user?.user_id ?? 0 });
  const [saveDraft, draftState] = useSaveRegistrationDraftMutation();
  const [submit, submitState] = useSubmitRegistrationMutation();
  const [hydrated, setHydrated] = useState(false);

  // Once the saved form is known: the newer of this browser's draft and the server's copy wins.
  useEffect(() => {
    if (ready.current || saved.isLoading || saved.isError || saved.data === undefined) return;
    const local = readLocalDraft(draftKey);
    const server = saved.data;
    const localWins =
      local !== null && (!server || Date.parse(local.savedAt) > Date.parse(server.modified_at));
    const start = localWins ? local.values : server?.data;
    if (start) form.setValues(pickFields(initialValues, start));
    form.resetDirty();
    setRestored(localWins);
    ready.current = true;
    setHydrated(true);
  }, [saved.data, saved.isLoading, saved.isError, draftKey, form, initialValues]);

  const submitted = saved.data?.status === 'submitted';

  function discardLocal() {
    form.setValues(pickFields(initialValues, saved.data?.data ?? {}));
    // After setValues, whose change handler has just written the draft again.
    clearLocalDraft(draftKey);
    setRestored(false);
  }

  async function onSaveDraft() {
    setServerError(null);
    const errors = schemaValidator(schemas.draft)(form.getValues());
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) return;
    try {
      await saveDraft({ roleType, values: cleanValues(form.getValues()) }).unwrap();
      writeLocalDraft(draftKey, form.getValues());
      void notify.success(REGISTRATION_MESSAGES.draftSaved);
    } catch (error) {
      setServerError(messageOf(error));
    }
  }

  const onSubmit = form.onSubmit(
    async (values) => {
      setServerError(null);
      setInvalid(false);
      if (!user) return;
      try {
        const result = await submit({ roleType, values: cleanValues(values) }).unwrap();
        clearLocalDraft(draftKey);
        const next = {
          ...user,
          roles: result.user.roles,
          active_role: result.user.active_role,
          registration_redirect: null,
        };
        dispatch(signedIn({ user: next, emailVerified }));
        void notify.success(REGISTRATION_MESSAGES.submitted);
        navigate(homePath({ isLoggedIn: true, user: next }), { replace: true });
      } catch (error) {
        setServerError(messageOf(error));
      }
    },
    () => {
      setInvalid(true);
      // Keyboard and screen-reader users land on the first answer that needs attention.
      requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    },
  );

  const header = <RegistrationHeader roleType={roleType} submitted={submitted} />;

  if (saved.isError) {
    const error = saved.error as HttpQueryError;
    const unknownType = error.status === 404;
    return (
      <Stack className={classes.page} gap="lg">
        {header}
        <Alert
          color="red"
          icon={<IconAlertCircle aria-hidden="true" />}
          title="We could not open this form"
          role="alert"
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{error.message}</Text>
            {unknownType ? (
              <Button component={Link} to="/onboarding" variant="light" size="xs">
                Choose another registration type
              </Button>
            ) : (
              <Button onClick={() => saved.refetch()} variant="light" size="xs">
                Try again
              </Button>
            )}
          </Stack>
        </Alert>
      </Stack>
    );
  }

  if (!hydrated) {
    return (
      <Stack className={classes.page} gap="lg">
        {header}
        <Center py="xl">
          <Group gap="sm">
            <Loader size="sm" />
            <Text c="dimmed">Loading your form…</Text>
          </Group>
        </Center>
      </Stack>
    );
  }

  const busy = draftState.isLoading || submitState.isLoading;
  return (
    <Stack className={classes.page} gap="lg">
      {header}
      {restored ? (
        <Alert color="blue" icon={<IconRestore aria-hidden="true" />} title="Draft restored">
          <Group gap="sm" justify="space-between">
            <Text size="sm">We kept what you had filled in on this device.</Text>
            <Button variant="subtle" size="xs" onClick={discardLocal}>
              Discard it
            </Button>
          </Group>
        </Alert>
      ) : null}
      {submitted ? (
        <Alert color="teal" title="Already submitted">
          <Text size="sm">You can change your answers and submit again.</Text>
        </Alert>
      ) : null}
      <form onSubmit={onSubmit} noValidate aria-label={`${copy.title} registration`}>
        <Stack gap="lg">
          {children(form)}
          {serverError ? (
            <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />} title="Not saved" role="alert">
              {serverError}
            </Alert>
          ) : null}
          {invalid && !serverError ? (
            <Text c="red" size="sm" role="alert">
              Some answers need attention. Check the fields marked in red.
            </Text>
          ) : null}
          <Paper withBorder radius="md" p="sm" className={classes.actions}>
            <Group justify="space-between" gap="sm">
              <Text size="xs" c="dimmed" className={classes.hint}>
                Your answers are kept on this device as you type.
              </Text>
              <Group gap="sm" className={classes.buttons}>
                {submitted ? null : (
                  <Button
                    variant="default"
                    onClick={onSaveDraft}
                    loading={draftState.isLoading}
                    disabled={busy}
                  >
                    Save draft
                  </Button>
                )}
                <Button type="submit" loading={submitState.isLoading} disabled={busy}>
                  {submitted ? 'Update' : 'Submit'}
                </Button>
              </Group>
            </Group>
          </Paper>
        </Stack>
      </form>
    </Stack>
  );
}
