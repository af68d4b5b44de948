import { VolunteerForm } from '../components/VolunteerForm';

/** /volunteer-registration (spec section 2). */
export default function VolunteerRegistrationPage() {
  return <VolunteerForm />;
}
