import { useCallback } from 'react';
import { ShieldCheck } from 'lucide-react';
import { adminMessages } from '@bazaar/shared';
import { StaffLoginForm } from '../../components/console/StaffLoginForm';
import { useLazyGetOperatorQuery, useOpsLoginMutation } from '../../api/opsApi';

/** An operator's account signs in but is no admin: said on the form, as the server's words would be. */
const notAnAdmin = { status: 403, error: `${adminMessages.adminsOnly}. Operators work at /ops/payments.` };

/** Sign-in for the marketplace's admins: the staff sign-in the ops console uses, landing on the admin console. */
export default function AdminLoginPage() {
  const [getOperator] = useLazyGetOperatorQuery();
  const [login] = useOpsLoginMutation();
  // Only an admin's session skips the form; an operator's stays on it (and may sign in as an admin instead).
  const checkSession = useCallback(
    () =>
      getOperator()
        .unwrap()
        .then(({ operator }) => {
          if (operator.role !== 'admin') throw notAnAdmin;
        }),
    [getOperator],
  );
  const signIn = useCallback(
    (email: string, password: string) =>
      login({ email, password })
        .unwrap()
        .then(({ operator }) => {
          if (operator.role !== 'admin') throw notAnAdmin;
        }),
    [login],
  );
  return (
    <StaffLoginForm
      idPrefix="admin"
      badge="Admin"
      icon={ShieldCheck}
      title="Admin sign in"
      subtitle="Run the marketplace: sellers, commissions, audit log"
      destination="/admin/sellers"
      checkSession={checkSession}
      signIn={signIn}
    />
  );
}
