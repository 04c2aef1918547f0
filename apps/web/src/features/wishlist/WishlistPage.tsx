import { PageFrame } from '../../components/layout/PageFrame';

export default function WishlistPage() {
  return <PageFrame title="My Wishlist" />;
}
