import { Button, Group, Stack } from '@mantine/core';
import { COMMUNITY_MESSAGES, type ForumPostItem } from '@nexus/contracts';
import { useState } from 'react';
import { Modal } from '../../../shared/ui/Modal';
import { notify } from '../../../shared/ui/notify';
import { RichTextField } from '../../../shared/ui/RichTextField';
import { useUpdateReplyMutation } from '../api';
import { errorText } from './CommunityPicker';

/**
 * The author's edit of their reply: the server keeps what it said before (moderators see the
 * history), sanitises the new text and refuses an empty one, as this form does first.
 */
export function EditReplyDialog({ post, onClose }: { post: ForumPostItem; onClose: () => void }) {
  const [body, setBody] = useState(post.body);
  const [error, setError] = useState<string | null>(null);
  const [save, saving] = useUpdateReplyMutation();
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!body.trim()) {
      setError(COMMUNITY_MESSAGES.bodyEmpty);
      return;
    }
    setError(null);
    try {
      await save({ id: post.post_id, body }).unwrap();
      notify.success('Reply updated.');
      onClose();
    } catch (failure) {
      setError(errorText(failure));
    }
  };
  return (
    <Modal opened onClose={onClose} title="Edit your reply">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <RichTextField label="Your reply" value={body} onChange={setBody} error={error ?? undefined} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving.isLoading}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
