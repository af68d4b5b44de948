import { DiasporaForm } from '../components/DiasporaForm';

/** /registration/diaspora (spec section 2). */
export default function DiasporaRegistrationPage() {
  return <DiasporaForm />;
}
