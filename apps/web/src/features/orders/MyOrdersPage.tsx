import { PageFrame } from '../../components/layout/PageFrame';

export default function MyOrdersPage() {
  return <PageFrame title="My Orders" />;
}
