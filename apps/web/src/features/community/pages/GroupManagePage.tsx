import { GroupsView } from './GroupsPage';

/** /group-manage: the groups of the chosen community, with creating one. */
export default function GroupManagePage() {
  return <GroupsView manage />;
}
