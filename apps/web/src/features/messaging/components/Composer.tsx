import { ActionIcon, Button, CloseButton, FileButton, Group, Stack, Text, Textarea } from '@mantine/core';
import { MESSAGING_LIMITS, type MessagePreview } from '@nexus/contracts';
import { IconPaperclip, IconSend } from '@tabler/icons-react';
import { type KeyboardEvent, useState } from 'react';
import type { HttpQueryError } from '../../../shared/api/base-api';
import { uploadFile } from '../../../shared/files/upload-file';
import { useCreateMessageMutation } from '../api';
import classes from './Messaging.module.css';

interface ComposerProps {
  conversationId: number;
  replyTo: MessagePreview | null;
  onCancelReply: () => void;
  onSent: () => void;
}

interface Attached {
  file_id: string;
  name: string;
}

/** Writes a message: Enter sends, Shift+Enter starts a new line; files go through the files module first. */
export function Composer({ conversationId, replyTo, onCancelReply, onSent }: ComposerProps) {
  const [body, setBody] = useState('');
  const [attached, setAttached] = useState<Attached[]>([]);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [send, { isLoading }] = useCreateMessageMutation();

  const attach = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    setError(null);
    try {
      const record = await uploadFile(file, 'document');
      setAttached((list) => [...list, { file_id: record.file_id, name: record.name }]);
    } catch (failure) {
      const data = (failure as { response?: { data?: { message?: string } } }).response?.data;
      setError(data?.message ?? 'The file could not be uploaded.');
    } finally {
      setUploading(false);
    }
  };

  const submit = async () => {
    const text = body.trim();
    if (!text || isLoading) return;
    setError(null);
    const result = await send({
      conversation_id: conversationId,
      body: text,
      reply_to_message_id: replyTo?.message_id,
      attachment_ids: attached.map((file) => file.file_id),
    });
    if ('error' in result) {
      setError((result.error as HttpQueryError).message);
      return;
    }
    setBody('');
    setAttached([]);
    onCancelReply();
    onSent();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <Stack gap={4}>
      {replyTo && (
        <Group gap="xs" wrap="nowrap" justify="space-between" className={classes.reply}>
          <Text size="xs" truncate="end">
            Replying to {replyTo.sender_name}: {replyTo.body}
          </Text>
          <CloseButton size="sm" aria-label="Cancel reply" onClick={onCancelReply} />
        </Group>
      )}
      {attached.length > 0 && (
        <Group gap="xs">
          {attached.map((file) => (
            <Group key={file.file_id} gap={2} wrap="nowrap">
              <Text size="xs">{file.name}</Text>
              <CloseButton
                size="xs"
                aria-label={`Remove ${file.name}`}
                onClick={() => setAttached((list) => list.filter((f) => f.file_id !== file.file_id))}
              />
            </Group>
          ))}
        </Group>
      )}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <FileButton onChange={(file) => void attach(file)}>
          {(props) => (
            <ActionIcon
              {...props}
              variant="default"
              size="lg"
              aria-label="Attach a file"
              loading={uploading}
              disabled={attached.length >= MESSAGING_LIMITS.attachmentsMax}
            >
              <IconPaperclip size={18} aria-hidden="true" />
            </ActionIcon>
          )}
        </FileButton>
        <Textarea
          style={{ flex: 1 }}
          aria-label="Message"
          placeholder="Write a message"
          value={body}
          onChange={(event) => setBody(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          maxLength={MESSAGING_LIMITS.bodyMax}
          rows={2}
          error={error}
        />
        <Button
          onClick={() => void submit()}
          loading={isLoading}
          disabled={body.trim() === '' || uploading}
          leftSection={<IconSend size={16} aria-hidden="true" />}
        >
          Send
        </Button>
      </Group>
    </Stack>
  );
}
