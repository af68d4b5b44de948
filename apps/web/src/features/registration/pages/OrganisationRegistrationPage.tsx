import { OrganisationForm } from '../components/OrganisationForm';
import { useRoleTypeFromPath } from '../use-role-type';

const ROLE_TYPES = ['government-body', 'industry-body'] as const;

/** /registration/government-body and /industry-body share one organisation form (spec section 2). */
export default function OrganisationRegistrationPage() {
  const roleType = useRoleTypeFromPath(ROLE_TYPES, 'government-body');
  return <OrganisationForm key={roleType} roleType={roleType} />;
}
