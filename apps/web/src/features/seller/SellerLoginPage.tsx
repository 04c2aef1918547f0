import { Link } from 'react-router-dom';
import { Store } from 'lucide-react';
import { StaffLoginForm } from '../../components/ui/StaffLoginForm';
import { sellerApi } from './sellerApi';

/** Sign-in for shop owners, who answer customers from the seller console. */
export default function SellerLoginPage() {
  return (
    <StaffLoginForm
      idPrefix="seller"
      badge="Seller Hub"
      icon={Store}
      title="Seller sign in"
      subtitle="Chat with your customers in real time"
      emailPlaceholder="yourshop@sellers.bazaar.in"
      destination="/seller/chat"
      checkSession={sellerApi.me}
      signIn={sellerApi.login}
      footer={
        <p className="mt-4 text-center text-xs text-ink-500">
          Shopping instead?{' '}
          <Link to="/" className="font-medium text-brand-600 hover:underline">
            Go to the store
          </Link>
        </p>
      }
    />
  );
}
