import { PageFrame } from '../../components/layout/PageFrame';

export default function PaymentFailurePage() {
  return <PageFrame title="Payment Failed" />;
}
