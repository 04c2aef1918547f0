import { useCallback } from 'react';
import { ShieldCheck } from 'lucide-react';
import { StaffLoginForm } from '../../components/console/StaffLoginForm';
import { useLazyGetOperatorQuery, useOpsLoginMutation } from '../../api/opsApi';

/** Sign-in for the people who verify UPI payments. */
export default function OpsLoginPage() {
  const [getOperator] = useLazyGetOperatorQuery();
  const [login] = useOpsLoginMutation();
  const checkSession = useCallback(() => getOperator().unwrap(), [getOperator]);
  const signIn = useCallback(
    (email: string, password: string) => login({ email, password }).unwrap(),
    [login],
  );
  return (
    <StaffLoginForm
      idPrefix="ops"
      badge="Ops"
      icon={ShieldCheck}
      title="Operator sign in"
      subtitle="Verify UPI payments"
      destination="/ops/payments"
      checkSession={checkSession}
      signIn={signIn}
    />
  );
}
