import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { Store } from 'lucide-react';
import { StaffLoginForm } from '../../components/console/StaffLoginForm';
import { useLazyGetSellerQuery, useSellerLoginMutation } from '../../api/sellerApi';

/** Sign-in for shop owners, who answer customers from the seller console. */
export default function SellerLoginPage() {
  const [getSeller] = useLazyGetSellerQuery();
  const [login] = useSellerLoginMutation();
  const checkSession = useCallback(() => getSeller().unwrap(), [getSeller]);
  const signIn = useCallback(
    (email: string, password: string) => login({ email, password }).unwrap(),
    [login],
  );
  return (
    <StaffLoginForm
      idPrefix="seller"
      badge="Seller Hub"
      icon={Store}
      title="Seller sign in"
      subtitle="Manage your products, orders and customer chats"
      emailPlaceholder="yourshop@sellers.bazaar.in"
      destination="/seller"
      checkSession={checkSession}
      signIn={signIn}
      footer={
        <p className="mt-4 text-center text-xs text-ink-500">
          New to Bazaar?{' '}
          <Link to="/seller/register" className="font-medium text-brand-600 hover:underline">
            Register your shop
          </Link>
          {' · '}Shopping instead?{' '}
          <Link to="/" className="font-medium text-brand-600 hover:underline">
            Go to the store
          </Link>
        </p>
      }
    />
  );
}
