import { PageFrame } from '../../components/layout/PageFrame';

export default function ShippingPage() {
  return <PageFrame title="Shipping" />;
}
