import { PageFrame } from '../../components/layout/PageFrame';

export default function OrderConfirmPage() {
  return <PageFrame title="Order confirmation" />;
}
