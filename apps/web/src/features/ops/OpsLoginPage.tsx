import { ShieldCheck } from 'lucide-react';
import { StaffLoginForm } from '../../components/ui/StaffLoginForm';
import { opsApi } from './opsApi';

/** Sign-in for the people who verify UPI payments. */
export default function OpsLoginPage() {
  return (
    <StaffLoginForm
      idPrefix="ops"
      badge="Ops"
      icon={ShieldCheck}
      title="Operator sign in"
      subtitle="Verify UPI payments"
      destination="/ops/payments"
      checkSession={opsApi.me}
      signIn={opsApi.login}
    />
  );
}
