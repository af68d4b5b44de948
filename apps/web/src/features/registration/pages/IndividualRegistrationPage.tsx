import { IndividualForm } from '../components/IndividualForm';

/** /individual-registration (spec section 2). */
export default function IndividualRegistrationPage() {
  return <IndividualForm />;
}
