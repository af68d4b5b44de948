import { InvestorForm } from '../components/InvestorForm';

/** /registration/investor (spec section 2). */
export default function InvestorRegistrationPage() {
  return <InvestorForm />;
}
