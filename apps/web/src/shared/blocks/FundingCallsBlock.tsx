import { ECOSYSTEM_SECTORS } from '@nexus/contracts';
import { useBlockFundingCallsQuery } from './api';
import { BlockFrame, BlockItem } from './BlockFrame';
import { whenIn } from './format';

export interface FundingCallsBlockProps {
  title?: string;
  description?: string;
  limit?: number;
  search?: string;
  /** One sector of the ecosystem's list (agriculture, health, fintech...). */
  sector?: keyof typeof ECOSYSTEM_SECTORS.labels;
  seeAllHref?: string;
  emptyText?: string;
  order?: 2 | 3;
}

const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency, maximumFractionDigits: 0 }).format(amount);

/**
 * Open funding calls of the investors. A call has no page of its own: each row leads to the funding
 * hub, where calls are read in full and applied to.
 */
export function FundingCallsBlock({
  title = 'Open funding calls',
  description,
  limit = 5,
  search,
  sector,
  seeAllHref = '/funding-hub',
  emptyText = 'No open calls match yet',
  order,
}: FundingCallsBlockProps) {
  const query = useBlockFundingCallsQuery({ limit, search, sector });
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
      {items.map((call) => (
        <BlockItem
          key={call.call_id}
          href="/funding-hub"
          title={call.title}
          meta={[
            call.investor.name,
            ECOSYSTEM_SECTORS.labels[call.sector as keyof typeof ECOSYSTEM_SECTORS.labels] ?? call.sector,
            `${money(call.ticket_min, call.currency)} to ${money(call.ticket_max, call.currency)}`,
            `Closes ${whenIn(call.closes_at)}`,
          ].join(' · ')}
        />
      ))}
    </BlockFrame>
  );
}
