import { Button, Container, Stack, Tabs } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { PostItem } from '@nexus/contracts';
import { IconPencilPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SearchField } from '../../../shared/ui/SearchField';
import { useFeedQuery, useSearchPostsQuery } from '../api';
import { CursorList } from '../components/CursorList';
import { NetworkHeader } from '../components/NetworkHeader';
import { PostCard } from '../components/PostCard';

type View = 'feed' | 'discover';

/**
 * /post-details: posts with their details. "Your feed" (default) is the home feed of the people you
 * follow or are connected to, newest first; "Discover" searches every post you may read (no words:
 * the newest). The view and search are URL state (`?view=discover&q=…`), so a link shares them.
 */
export default function PostDetailsPage() {
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'discover' ? 'discover' : 'feed';
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const setView = (next: View) =>
    setParams(next === 'feed' ? {} : { view: next, ...(debounced ? { q: debounced } : {}) });
  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <NetworkHeader
          title="Posts"
          intro="What the people in your network share."
          action={
            <Button
              component={Link}
              to="/write-a-post/new"
              leftSection={<IconPencilPlus size={18} aria-hidden="true" />}
            >
              Write a post
            </Button>
          }
        />
        <Tabs value={view} onChange={(value) => setView((value as View) ?? 'feed')}>
          <Tabs.List>
            <Tabs.Tab value="feed">Your feed</Tabs.Tab>
            <Tabs.Tab value="discover">Discover</Tabs.Tab>
          </Tabs.List>
        </Tabs>
        {view === 'feed' ? (
          <CursorList<PostItem, { cursor?: string }>
            label="your feed"
            emptyText="Your feed is empty: connect with or follow people to see their posts here."
            emptyAction={
              <Button component={Link} to="/network" variant="light">
                Find people
              </Button>
            }
            resetKey="feed"
            query={useFeedQuery}
            args={(cursor) => ({ cursor })}
            render={(post) => <PostCard key={post.post_id} post={post} />}
          />
        ) : (
          <>
            <SearchField label="Search posts" value={search} onChange={setSearch} />
            <CursorList<PostItem, { search: string; cursor?: string }>
              label="posts"
              emptyText={debounced ? 'No post you may read matches that search.' : 'No posts to show yet.'}
              resetKey={debounced}
              query={useSearchPostsQuery}
              args={(cursor) => ({ search: debounced, cursor })}
              render={(post) => <PostCard key={post.post_id} post={post} />}
            />
          </>
        )}
      </Stack>
    </Container>
  );
}
