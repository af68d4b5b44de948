import { READINESS_JOURNEY_DEFINITIONS, READINESS_JOURNEYS } from '@nexus/contracts';
import { useActorId } from '../session/use-actor';
import { useBlockReadinessQuery } from './api';
import { BlockFrame, BlockItem } from './BlockFrame';
import { whenIn } from './format';

export interface ReadinessBlockProps {
  title?: string;
  description?: string;
  seeAllHref?: string;
  order?: 2 | 3;
}

/**
 * The four readiness journeys, each linking to its self-assessment, with the viewer's latest overall
 * level when signed in. The links are the block's content, so it is never empty: a journey not taken
 * yet says so and invites the first assessment.
 */
export function ReadinessBlock({
  title = 'Your readiness',
  description,
  seeAllHref = '/readiness-journey',
  order,
}: ReadinessBlockProps) {
  // Results are personal: a visitor without a session sees the journeys without asking for levels.
  const signedIn = useActorId() > 0;
  const query = useBlockReadinessQuery(undefined, { skip: !signedIn });
  const latest = new Map(query.data?.journeys.map((row) => [row.journey, row.latest]) ?? []);
  return (
    <BlockFrame
      title={title}
      description={description}
      order={order}
      seeAllHref={seeAllHref}
      query={query}
      count={READINESS_JOURNEYS.length}
      emptyText=""
    >
      {READINESS_JOURNEYS.map((journey) => {
        const definition = READINESS_JOURNEY_DEFINITIONS[journey];
        const result = latest.get(journey);
        return (
          <BlockItem
            key={journey}
            href={definition.path}
            title={definition.title}
            meta={
              result
                ? `Level ${result.overall} of 9 · assessed ${whenIn(result.created_at)}`
                : signedIn
                  ? 'Not assessed yet: take the self-assessment'
                  : definition.intro
            }
          />
        );
      })}
    </BlockFrame>
  );
}
