import { Anchor, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { MESSAGING_LIMITS, type MessageItem } from '@nexus/contracts';
import { IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import { RelativeDate } from '../../../shared/ui/RelativeDate';
import classes from './Messaging.module.css';

interface MessageBubbleProps {
  message: MessageItem;
  own: boolean;
  onReply: () => void;
  onEdit: (body: string) => Promise<unknown>;
  onDelete: () => void;
}

/** One message. The body is rendered as text (React escapes it): nothing a sender types runs as HTML. */
export function MessageBubble({ message, own, onReply, onEdit, onDelete }: MessageBubbleProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(message.body);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    try {
      await onEdit(draft.trim());
      setEditing(false);
      setError(null);
    } catch (failure) {
      setError((failure as { message?: string }).message ?? 'Request failed');
    }
  };
  return (
    <Stack gap={2} className={classes.bubble} data-own={own || undefined} data-testid="message">
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Text size="xs" fw={700}>
          {own ? 'You' : message.sender.name}
        </Text>
        <Text size="xs" c="dimmed">
          <RelativeDate date={message.created_at} />
          {message.edited_at && !message.deleted ? ' · edited' : ''}
        </Text>
      </Group>
      {message.reply_to && (
        <div className={classes.reply}>
          <Text size="xs" fw={600}>
            {message.reply_to.sender_name}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={2}>
            {message.reply_to.body}
          </Text>
        </div>
      )}
      {editing ? (
        <Stack gap={4}>
          <Textarea
            label="Edit message"
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            maxLength={MESSAGING_LIMITS.bodyMax}
            rows={3}
            error={error}
            autoFocus
          />
          <Group gap="xs" justify="flex-end">
            <Button size="compact-xs" variant="default" onClick={() => setEditing(false)}>
              Cancel
            </Button>
            <Button size="compact-xs" onClick={() => void save()} disabled={draft.trim() === ''}>
              Save
            </Button>
          </Group>
        </Stack>
      ) : (
        <Text
          size="sm"
          fs={message.deleted ? 'italic' : undefined}
          c={message.deleted ? 'dimmed' : undefined}
        >
          {message.body}
        </Text>
      )}
      {message.attachments.map((file) => (
        <Anchor
          key={file.file_id}
          href={file.url}
          target="_blank"
          rel="noopener"
          size="sm"
          c="var(--mantine-color-text)"
          underline="always"
        >
          <Group gap={4} wrap="nowrap">
            <IconPaperclip size={14} aria-hidden="true" />
            <span>{file.name}</span>
          </Group>
        </Anchor>
      ))}
      {!message.deleted && !editing && (
        <Group gap={4} justify={own ? 'flex-end' : 'flex-start'}>
          <Button
            size="compact-xs"
            variant="subtle"
            color="gray"
            onClick={onReply}
            aria-label={`Reply to ${message.sender.name}`}
          >
            Reply
          </Button>
          {own && (
            <>
              <Button
                size="compact-xs"
                variant="subtle"
                color="gray"
                onClick={() => {
                  setDraft(message.body);
                  setEditing(true);
                }}
              >
                Edit
              </Button>
              <Button size="compact-xs" variant="subtle" color="gray" onClick={onDelete}>
                Delete
              </Button>
            </>
          )}
        </Group>
      )}
    </Stack>
  );
}
