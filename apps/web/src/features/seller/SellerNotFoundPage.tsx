import { Link } from 'react-router-dom';
import { SearchX } from 'lucide-react';
import { EmptyState } from '../../components/ui/EmptyState';

/** A seller center address with no page (an old bookmark, a typo): stays in the seller center's frame. */
export default function SellerNotFoundPage() {
  return (
    <div className="card">
      <EmptyState
        icon={SearchX}
        title="Page not found"
        description="This page is not part of the seller center."
        action={
          <Link to="/seller" className="btn-primary">
            Go to the dashboard
          </Link>
        }
      />
    </div>
  );
}
