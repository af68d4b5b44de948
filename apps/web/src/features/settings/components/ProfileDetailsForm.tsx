import { Alert, Button, Group, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { fileIdOfPath, PROFILE_MESSAGES, type ProfileView, updateMyProfileBody } from '@nexus/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { useAppDispatch, useAppSelector } from '../../../app/store';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { deleteFile } from '../../../shared/files/upload-file';
import { signedIn } from '../../../shared/session/auth-slice';
import { notify } from '../../../shared/ui/notify';
import { PhotoPicker } from '../../../shared/ui/PhotoPicker';
import { useUpdateMyProfileMutation } from '../api';

type Values = {
  profile_image: string;
  firstName: string;
  lastName: string;
  phone_number: string;
  headline: string;
  location: string;
  bio: string;
};

const validate = schemaResolver(updateMyProfileBody, { sync: true });

function valuesOf(profile: ProfileView): Values {
  return {
    profile_image: profile.profile_image ?? '',
    firstName: profile.firstName ?? '',
    lastName: profile.lastName ?? '',
    phone_number: profile.phone_number ?? '',
    headline: profile.headline ?? '',
    location: profile.location ?? '',
    bio: profile.bio ?? '',
  };
}

/**
 * Photo, name, phone, headline, location and bio (/settings). The photo is uploaded to the files
 * module (issue 15 point 4); a photo link saved before uploads existed keeps showing.
 */
export function ProfileDetailsForm({ profile }: { profile: ProfileView }) {
  const dispatch = useAppDispatch();
  const user = useAppSelector((state) => state.auth.user);
  const emailVerified = useAppSelector((state) => state.auth.otpVerified);
  const [update, updateState] = useUpdateMyProfileMutation();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: valuesOf(profile),
    validate,
    validateInputOnBlur: true,
  });
  const name =
    [form.getValues().firstName, form.getValues().lastName].filter(Boolean).join(' ') || profile.username;

  const onSubmit = form.onSubmit(async (values) => {
    try {
      const previous = profile.profile_image ?? '';
      const saved = await update(values).unwrap();
      // The photo replaced or removed is nobody's any more: give its storage back (best effort).
      const dropped = fileIdOfPath(previous);
      if (dropped && previous !== (saved.profile_image ?? '') && user) {
        void deleteFile(dropped, user.user_id).catch(() => undefined);
      }
      form.setValues(valuesOf(saved));
      form.resetDirty(valuesOf(saved));
      // The header shows the name and photo from the session: keep it in step.
      if (user) {
        dispatch(
          signedIn({
            user: {
              ...user,
              firstName: saved.firstName,
              lastName: saved.lastName,
              profile_image: saved.profile_image,
              phone_number: saved.phone_number ?? null,
            },
            emailVerified,
          }),
        );
      }
      void notify.success(PROFILE_MESSAGES.saved);
    } catch (error) {
      form.setErrors({ form: (error as HttpQueryError).message });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <PhotoPicker
          value={form.getValues().profile_image}
          savedValue={profile.profile_image ?? ''}
          onChange={(value) => form.setFieldValue('profile_image', value)}
          name={name}
          userId={user?.user_id}
        />
        {form.errors.profile_image ? (
          <Text size="xs" c="red" role="alert">
            {form.errors.profile_image}
          </Text>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="First name"
            withAsterisk
            autoComplete="given-name"
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label="Last name"
            withAsterisk
            autoComplete="family-name"
            {...form.getInputProps('lastName')}
          />
          <TextInput label="Phone" type="tel" autoComplete="tel" {...form.getInputProps('phone_number')} />
          <TextInput label="Location" placeholder="City, country" {...form.getInputProps('location')} />
        </SimpleGrid>
        <TextInput
          label="Headline"
          description="One line under your name, such as 'Founder at Seedly' or 'Mentor in fintech'."
          {...form.getInputProps('headline')}
        />
        <Textarea label="About you" autosize minRows={3} maxRows={10} {...form.getInputProps('bio')} />
        {form.errors.form ? (
          <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
            {form.errors.form}
          </Alert>
        ) : null}
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            Your email address is changed from the account page.
          </Text>
          <Button type="submit" loading={updateState.isLoading} disabled={!form.isDirty()}>
            Save profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
