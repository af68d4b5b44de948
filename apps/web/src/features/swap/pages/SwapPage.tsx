import {
  Button,
  Container,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { SwapKind, SwapPostItem } from '@nexus/contracts';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { ListPagination } from '../../../shared/ui/ListPagination';
import { Modal } from '../../../shared/ui/Modal';
import { notify } from '../../../shared/ui/notify';
import { QueryState } from '../../../shared/ui/QueryState';
import { SearchField } from '../../../shared/ui/SearchField';
import {
  useDeleteSwapPostMutation,
  useSwapMatchesQuery,
  useSwapPostsQuery,
  useUpdateSwapPostMutation,
} from '../api';
import { PostCard } from '../components/PostCard';
import { ProposalStatus, ProposalsDialog, ProposeDialog, SwapPostForm } from '../components/SwapDialogs';

const LIMIT = 12;
const grid = { listStyle: 'none', padding: 0, margin: 0 } as const;

function Grid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid component="ul" cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" style={grid}>
      {children}
    </SimpleGrid>
  );
}

/** The action under someone else's post: propose, or the status of my proposal. */
function ProposeAction({ post, onPropose }: { post: SwapPostItem; onPropose: (post: SwapPostItem) => void }) {
  if (post.my_proposal) return <ProposalStatus status={post.my_proposal} />;
  return (
    <Button variant="light" onClick={() => onPropose(post)} aria-label={`Propose a swap on ${post.title}`}>
      Propose a swap
    </Button>
  );
}

function AllPosts({
  onPropose,
  onProposals,
}: {
  onPropose: (post: SwapPostItem) => void;
  onProposals: (post: SwapPostItem) => void;
}) {
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState<SwapKind | null>(null);
  const [tag, setTag] = useState('');
  const [page, setPage] = useState(1);
  const [words] = useDebouncedValue(search.trim(), 300);
  const [tagWord] = useDebouncedValue(tag.trim().toLowerCase(), 300);
  const query = useSwapPostsQuery({
    page,
    limit: LIMIT,
    ...(words ? { search: words } : {}),
    ...(kind ? { kind } : {}),
    ...(tagWord ? { tag: tagWord } : {}),
  });
  const items = query.data?.data ?? [];
  const reset = (apply: () => void) => {
    apply();
    setPage(1);
  };
  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <SearchField
          label="Search posts"
          value={search}
          onChange={(value) => reset(() => setSearch(value))}
          style={{ flex: '1 1 220px' }}
        />
        <Select
          label="Kind"
          placeholder="Offers and requests"
          clearable
          data={[
            { value: 'offer', label: 'Offers' },
            { value: 'request', label: 'Requests' },
          ]}
          value={kind}
          onChange={(value) => reset(() => setKind(value as SwapKind | null))}
          w={200}
        />
        <TextInput
          label="Tag"
          placeholder="e.g. python"
          value={tag}
          onChange={(e) => {
            const value = e.currentTarget.value;
            reset(() => setTag(value));
          }}
          w={170}
        />
      </Group>
      <QueryState
        label="swap posts"
        isLoading={query.isLoading}
        error={query.error}
        isEmpty={items.length === 0}
        emptyText={words || kind || tagWord ? 'No posts match your search' : 'No offers or requests yet'}
        onRetry={() => query.refetch()}
      >
        <Grid>
          {items.map((post) => (
            <PostCard
              key={post.post_id}
              post={post}
              actions={
                post.is_mine ? (
                  <Button variant="light" onClick={() => onProposals(post)}>
                    Proposals ({post.pending_proposals} waiting)
                  </Button>
                ) : (
                  <ProposeAction post={post} onPropose={onPropose} />
                )
              }
            />
          ))}
        </Grid>
        <ListPagination
          page={page}
          totalPages={query.data?.meta.totalPages ?? 1}
          onChange={setPage}
          summary={`${query.data?.meta.total ?? 0} posts`}
        />
      </QueryState>
    </Stack>
  );
}

function MyPosts({
  onEdit,
  onProposals,
}: {
  onEdit: (post: SwapPostItem) => void;
  onProposals: (post: SwapPostItem) => void;
}) {
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<SwapPostItem | null>(null);
  const query = useSwapPostsQuery({ page, limit: LIMIT, mine: true });
  const [update] = useUpdateSwapPostMutation();
  const [remove] = useDeleteSwapPostMutation();
  const items = query.data?.data ?? [];
  const toggle = async (post: SwapPostItem) => {
    const status = post.status === 'open' ? 'closed' : 'open';
    try {
      await update({ id: post.post_id, data: { status } }).unwrap();
      notify.success(status === 'closed' ? 'Post closed' : 'Post reopened');
    } catch (failure) {
      notify.error((failure as { message?: string }).message ?? 'We could not change the post.');
    }
  };
  return (
    <Stack gap="md">
      <QueryState
        label="your posts"
        isLoading={query.isLoading}
        error={query.error}
        isEmpty={items.length === 0}
        emptyText="You have not posted an offer or a request yet"
        onRetry={() => query.refetch()}
      >
        <Grid>
          {items.map((post) => (
            <PostCard
              key={post.post_id}
              post={post}
              actions={
                <>
                  <Button size="xs" variant="light" onClick={() => onProposals(post)}>
                    Proposals ({post.pending_proposals} waiting)
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => onEdit(post)}
                    aria-label={`Edit ${post.title}`}
                  >
                    Edit
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => toggle(post)}
                    aria-label={`${post.status === 'open' ? 'Close' : 'Reopen'} ${post.title}`}
                  >
                    {post.status === 'open' ? 'Close' : 'Reopen'}
                  </Button>
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    onClick={() => setDeleting(post)}
                    aria-label={`Delete ${post.title}`}
                  >
                    Delete
                  </Button>
                </>
              }
            />
          ))}
        </Grid>
        <ListPagination
          page={page}
          totalPages={query.data?.meta.totalPages ?? 1}
          onChange={setPage}
          summary={`${query.data?.meta.total ?? 0} posts`}
        />
      </QueryState>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete post"
        message={
          deleting ? `Delete "${deleting.title}"? Its proposals go with it. This cannot be undone.` : ''
        }
        confirmLabel="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await remove(deleting.post_id).unwrap();
          notify.success('Post deleted');
        }}
      />
    </Stack>
  );
}

function Matches({ onPropose }: { onPropose: (post: SwapPostItem) => void }) {
  const [page, setPage] = useState(1);
  const query = useSwapMatchesQuery({ page, limit: LIMIT });
  const items = query.data?.data ?? [];
  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        Other members' requests that share tags with your open offers, and their offers that share tags with
        your open requests; most shared tags first.
      </Text>
      <QueryState
        label="matches"
        isLoading={query.isLoading}
        error={query.error}
        isEmpty={items.length === 0}
        emptyText="No matches yet: post an offer or a request with tags"
        onRetry={() => query.refetch()}
      >
        <Grid>
          {items.map((post) => (
            <PostCard
              key={post.post_id}
              post={post}
              extra={
                <Text size="sm" fw={600}>
                  {post.overlap} shared {post.overlap === 1 ? 'tag' : 'tags'}: {post.shared_tags.join(', ')}
                </Text>
              }
              actions={<ProposeAction post={post} onPropose={onPropose} />}
            />
          ))}
        </Grid>
        <ListPagination
          page={page}
          totalPages={query.data?.meta.totalPages ?? 1}
          onChange={setPage}
          summary={`${query.data?.meta.total ?? 0} matches`}
        />
      </QueryState>
    </Stack>
  );
}

/** /swap (issue 22): offers and requests of skills and resources, my posts, matches by tag, proposals. */
export default function SwapPage() {
  const [tab, setTab] = useState<string | null>('all');
  const [propose, setPropose] = useState<SwapPostItem | null>(null);
  const [proposals, setProposals] = useState<SwapPostItem | null>(null);
  const [editing, setEditing] = useState<SwapPostItem | 'new' | null>(null);
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={1}>Skill swap</Title>
            <Text c="dimmed">
              Offer what you know or have, ask for what you need, and swap with other members.
            </Text>
          </div>
          <Button onClick={() => setEditing('new')}>New post</Button>
        </Group>
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="all">All posts</Tabs.Tab>
            <Tabs.Tab value="mine">My posts</Tabs.Tab>
            <Tabs.Tab value="matches">Matches</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="all" pt="md">
            <AllPosts onPropose={setPropose} onProposals={setProposals} />
          </Tabs.Panel>
          <Tabs.Panel value="mine" pt="md">
            <MyPosts onEdit={setEditing} onProposals={setProposals} />
          </Tabs.Panel>
          <Tabs.Panel value="matches" pt="md">
            <Matches onPropose={setPropose} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
      {propose ? <ProposeDialog post={propose} onClose={() => setPropose(null)} /> : null}
      {proposals ? <ProposalsDialog post={proposals} onClose={() => setProposals(null)} /> : null}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'New offer or request' : 'Edit post'}
      >
        {editing ? (
          <SwapPostForm
            key={editing === 'new' ? 'new' : editing.post_id}
            initial={editing === 'new' ? undefined : editing}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Modal>
    </Container>
  );
}
