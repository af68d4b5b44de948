import { Avatar, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import {
  FILE_CONTENT_PATH,
  fileContentPath,
  fileIdOfPath,
  httpsUrl,
  PROFILE_PHOTO_TYPES,
} from '@nexus/contracts';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { errorMessage } from '../api/http';
import { deleteFile, uploadFile } from '../files/upload-file';

/** The server's own cap for a profile photo (modules/files/purposes.ts). */
export const PHOTO_MAX_MB = 10;

interface PhotoPickerProps {
  /** The photo as the form holds it: an uploaded file's content path, an https link, or ''. */
  value: string;
  /** The value last saved; an upload replaced before it was saved is deleted again. */
  savedValue: string;
  onChange(value: string): void;
  /** Whose photo: initials when there is none, and the owner named in a delete. */
  name: string;
  userId: number | undefined;
}

/** A photo worth previewing: an uploaded one, or an https link kept from before uploads existed. */
export function photoSource(value: string): string | null {
  if (FILE_CONTENT_PATH.test(value)) return value;
  return httpsUrl.safeParse(value).success ? value : null;
}

/**
 * Picks, uploads (with a progress bar) and previews a profile photo, or removes it (issue 15 point 4).
 * The upload happens at once; the form's own Save stores the new address in the profile.
 */
export function PhotoPicker({ value, savedValue, onChange, name, userId }: PhotoPickerProps) {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const resetRef = useRef<() => void>(null);
  const helpId = useId();
  const errorId = useId();

  const pick = async (file: File | null) => {
    resetRef.current?.();
    if (!file) return;
    setError(null);
    if (!(PROFILE_PHOTO_TYPES as readonly string[]).includes(file.type)) {
      setError('Choose a PNG, JPEG, WebP or GIF image.');
      return;
    }
    if (file.size > PHOTO_MAX_MB * 1024 * 1024) {
      setError(`The photo is larger than ${PHOTO_MAX_MB} MB. Choose a smaller one.`);
      return;
    }
    setProgress(0);
    try {
      const record = await uploadFile(file, 'profile-photo', setProgress);
      const replaced = fileIdOfPath(value);
      // An upload not yet saved is nobody's photo once another replaces it.
      if (replaced && value !== savedValue && userId !== undefined) {
        void deleteFile(replaced, userId).catch(() => undefined);
      }
      onChange(fileContentPath(record.file_id, 256));
    } catch (failure) {
      setError(errorMessage(failure, 'The photo could not be uploaded. Please try again.'));
    } finally {
      setProgress(null);
    }
  };

  const uploading = progress !== null;
  return (
    <Group align="flex-start" wrap="nowrap" gap="md">
      <Avatar src={photoSource(value)} alt="" size={72} radius={72} color="initials" name={name} />
      <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
        <Text component="span" size="sm" fw={500}>
          Profile photo
        </Text>
        <Group gap="xs">
          <FileButton
            resetRef={resetRef}
            onChange={(file) => void pick(file)}
            accept={PROFILE_PHOTO_TYPES.join(',')}
            disabled={uploading}
          >
            {(props) => (
              <Button
                {...props}
                variant="light"
                size="xs"
                leftSection={<IconPhotoUp size={16} aria-hidden="true" />}
                loading={uploading}
                aria-describedby={error ? `${helpId} ${errorId}` : helpId}
              >
                {value ? 'Change photo' : 'Upload photo'}
              </Button>
            )}
          </FileButton>
          {value && !uploading ? (
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconTrash size={16} aria-hidden="true" />}
              onClick={() => {
                setError(null);
                onChange('');
              }}
            >
              Remove photo
            </Button>
          ) : null}
        </Group>
        {uploading ? (
          <Progress value={progress} size="sm" aria-label="Upload progress" animated striped />
        ) : null}
        <Text id={helpId} size="xs" c="dimmed">
          PNG, JPEG, WebP or GIF, up to {PHOTO_MAX_MB} MB. Save the profile to keep it.
        </Text>
        {error ? (
          <Text id={errorId} size="xs" c="red" role="alert">
            {error}
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}
