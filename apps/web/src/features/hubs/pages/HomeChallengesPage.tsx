import { CompetitionsBlock } from '../../../shared/blocks';
import { HubLayout } from '../components/HubLayout';

/** /home/challenges: the home page's challenges (competitions) section. */
export default function HomeChallengesPage() {
  return (
    <HubLayout title="Challenges" intro="Competitions open for entries, and the ones your communities run.">
      <CompetitionsBlock title="Open challenges" limit={8} emptyText="No open challenges right now" />
      <CompetitionsBlock
        title="Challenges of your communities"
        community="mine"
        emptyText="None of your communities runs a challenge"
      />
      <CompetitionsBlock title="Past challenges" when="past" emptyText="No past challenges yet" />
    </HubLayout>
  );
}
