import { RelativeDate } from '../ui/RelativeDate';
import { useBlockPostsQuery } from './api';
import { BlockFrame, BlockItem } from './BlockFrame';

export interface PostsBlockProps {
  title?: string;
  description?: string;
  limit?: number;
  /** The caller's home feed (people followed and connected), or the newest readable posts. */
  source?: 'feed' | 'latest';
  seeAllHref?: string;
  emptyText?: string;
  order?: 2 | 3;
}

/** Posts with their author and an excerpt, each linking to the post. */
export function PostsBlock({
  title = 'From your network',
  description,
  limit = 5,
  source = 'feed',
  seeAllHref = source === 'feed' ? '/post-details' : '/post-details?view=discover',
  emptyText = source === 'feed' ? 'Your feed is empty: follow people to see their posts' : 'No posts yet',
  order,
}: PostsBlockProps) {
  const query = useBlockPostsQuery({ limit, source });
  const items = query.data?.data ?? [];
  return (
    <BlockFrame
      title={title}
      description={description}
      order={order}
      seeAllHref={seeAllHref}
      query={query}
      count={items.length}
      emptyText={emptyText}
    >
      {items.map((post) => (
        <BlockItem
          key={post.post_id}
          href={`/show-post/${post.post_id}`}
          title={post.title || post.excerpt.slice(0, 80) || 'Untitled post'}
          meta={
            <>
              {post.author.name}
              {post.published_at ? (
                <>
                  {' · '}
                  <RelativeDate date={post.published_at} />
                </>
              ) : null}
            </>
          }
        />
      ))}
    </BlockFrame>
  );
}
