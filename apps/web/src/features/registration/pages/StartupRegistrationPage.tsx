import { StartupForm } from '../components/StartupForm';
import { useRoleTypeFromPath } from '../use-role-type';

const ROLE_TYPES = ['entrepreneur', 'startup'] as const;

/** /registration/entrepreneur and /registration/startup (spec section 2). */
export default function StartupRegistrationPage() {
  const roleType = useRoleTypeFromPath(ROLE_TYPES, 'startup');
  return <StartupForm key={roleType} roleType={roleType} />;
}
