import { Alert, Button, Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { usePostQuery } from '../api';
import { PostEditor } from '../components/PostEditor';

/**
 * /write-a-post/{postId} ("new" starts a post; an id continues a draft or scheduled post) and
 * /edit-post/{postId} (any post of mine, published ones included). Both are the same editor.
 */
export function PostEditorPage({ mode }: { mode: 'write' | 'edit' }) {
  const { postId = 'new' } = useParams();
  const isNew = mode === 'write' && postId === 'new';
  const id = Number(postId);
  const valid = isNew || (Number.isInteger(id) && id > 0);
  const query = usePostQuery(id, { skip: isNew || !valid });
  const title = isNew ? 'Write a post' : mode === 'write' ? 'Continue your post' : 'Edit post';

  let content: React.ReactNode;
  if (isNew) content = <PostEditor />;
  else if (!valid || query.error || (query.data && !query.data.mine)) {
    content = (
      <Alert color="red" title="Post not found" role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">This post does not exist, or it is not yours to edit.</Text>
          <Button component={Link} to="/community/my-posts" size="xs" variant="light">
            Go to my posts
          </Button>
        </Stack>
      </Alert>
    );
  } else if (query.isLoading || !query.data)
    content = <Skeleton height={320} aria-label="Loading the post" />;
  else content = <PostEditor key={query.data.post_id} initial={query.data} />;

  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <Title order={1}>{title}</Title>
        {content}
      </Stack>
    </Container>
  );
}

export default function WritePostPage() {
  return <PostEditorPage mode="write" />;
}
