import { IncubatorForm } from '../components/IncubatorForm';
import { useRoleTypeFromPath } from '../use-role-type';

const ROLE_TYPES = ['incubator', 'accelerator', 'startup-hub'] as const;

/** /registration/incubator, /accelerator and /startup-hub share one incubator form (spec section 2). */
export default function IncubatorRegistrationPage() {
  const roleType = useRoleTypeFromPath(ROLE_TYPES, 'incubator');
  return <IncubatorForm key={roleType} roleType={roleType} />;
}
