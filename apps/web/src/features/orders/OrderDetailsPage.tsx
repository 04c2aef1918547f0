import { PageFrame } from '../../components/layout/PageFrame';

export default function OrderDetailsPage() {
  return <PageFrame title="Order Details" />;
}
