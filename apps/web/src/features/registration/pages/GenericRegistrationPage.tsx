import { registrationTypeOf } from '@nexus/contracts';
import { Navigate, useParams } from 'react-router';
import { GenericForm } from '../components/GenericForm';

/**
 * /registration/{passedRole}: the generic form for any other role (spec section 2). React Router ranks
 * the static registration routes first; a type whose form lives elsewhere (`/registration/volunteer`)
 * is sent to it. The server answers 404 for a name that is no registrable role.
 */
export default function GenericRegistrationPage() {
  const { passedRole = '' } = useParams();
  const roleType = passedRole.toLowerCase();
  const specific = registrationTypeOf(roleType);
  if (specific) return <Navigate to={specific.path} replace />;
  return <GenericForm roleType={roleType} />;
}
