import { Button, FileButton, Group, Image, Progress, Stack, Text } from '@mantine/core';
import { fileContentPath } from '@nexus/contracts';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { IMAGE_ACCEPT, useImageUpload } from '../files/use-image-upload';

/** The largest cover the picker sends; the files module's own cap for media is higher. */
export const COVER_MAX_MB = 10;

interface CoverPickerProps {
  /** The cover's file id, or null for none. */
  value: string | null;
  onChange(fileId: string | null): void;
  /** What the cover belongs to, for the help text ("Save the community to keep it."). */
  owner: string;
  disabled?: boolean;
}

/**
 * Picks, uploads (with a progress bar) and previews a cover image through the files module
 * (purpose `media`), or removes it. The upload happens at once; the form's own save stores the id,
 * and the owning area lets its readers see the file (a files grant).
 */
export function CoverPicker({ value, onChange, owner, disabled = false }: CoverPickerProps) {
  const { upload, progress, uploading, error, clearError, resetRef } = useImageUpload('media', COVER_MAX_MB);
  const labelId = useId();
  const helpId = useId();
  const errorId = useId();

  const pick = async (file: File | null) => {
    const record = await upload(file);
    if (record) onChange(record.file_id);
  };

  return (
    <Stack gap={6}>
      <Text component="span" size="sm" fw={500} id={labelId}>
        Cover image
      </Text>
      {value ? (
        <Image src={fileContentPath(value)} alt="The cover image" h={140} fit="cover" radius="md" />
      ) : null}
      <Group gap="xs">
        <FileButton
          resetRef={resetRef}
          onChange={(file) => void pick(file)}
          accept={IMAGE_ACCEPT}
          disabled={uploading || disabled}
        >
          {(props) => (
            <Button
              {...props}
              variant="light"
              size="xs"
              leftSection={<IconPhotoUp size={16} aria-hidden="true" />}
              loading={uploading}
              aria-describedby={error ? `${labelId} ${helpId} ${errorId}` : `${labelId} ${helpId}`}
            >
              {value ? 'Change cover' : 'Upload cover'}
            </Button>
          )}
        </FileButton>
        {value && !uploading ? (
          <Button
            variant="subtle"
            color="red"
            size="xs"
            disabled={disabled}
            leftSection={<IconTrash size={16} aria-hidden="true" />}
            onClick={() => {
              clearError();
              onChange(null);
            }}
          >
            Remove cover
          </Button>
        ) : null}
      </Group>
      {uploading ? (
        <Progress value={progress ?? 0} size="sm" aria-label="Upload progress" animated striped />
      ) : null}
      <Text id={helpId} size="xs" c="dimmed">
        PNG, JPEG, WebP or GIF, up to {COVER_MAX_MB} MB. Save the {owner} to keep it.
      </Text>
      {error ? (
        <Text id={errorId} size="xs" c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * A saved cover, shown as a band; it steps aside when the file cannot be read (a signed-out visitor
 * of a public page: file bytes are for signed-in people, docs/files.md) rather than show a broken image.
 */
export function CoverImage({ fileId, height = 160 }: { fileId: string | null; height?: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!fileId || failed === fileId) return null;
  return (
    <Image
      src={fileContentPath(fileId)}
      alt=""
      h={height}
      fit="cover"
      radius="md"
      onError={() => setFailed(fileId)}
    />
  );
}
