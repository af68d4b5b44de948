import { Avatar, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { FILE_CONTENT_PATH, fileContentPath, fileIdOfPath, httpsUrl } from '@nexus/contracts';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useId } from 'react';
import { deleteFile } from '../files/upload-file';
import { IMAGE_ACCEPT, useImageUpload } from '../files/use-image-upload';

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
  const { upload, progress, uploading, error, clearError, resetRef } = useImageUpload(
    'profile-photo',
    PHOTO_MAX_MB,
    'photo',
  );
  const helpId = useId();
  const errorId = useId();

  const pick = async (file: File | null) => {
    const record = await upload(file);
    if (!record) return;
    const replaced = fileIdOfPath(value);
    // An upload not yet saved is nobody's photo once another replaces it.
    if (replaced && value !== savedValue && userId !== undefined) {
      void deleteFile(replaced, userId).catch(() => undefined);
    }
    onChange(fileContentPath(record.file_id, 256));
  };

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
            accept={IMAGE_ACCEPT}
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
                clearError();
                onChange('');
              }}
            >
              Remove photo
            </Button>
          ) : null}
        </Group>
        {uploading ? (
          <Progress value={progress ?? 0} size="sm" aria-label="Upload progress" animated striped />
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
