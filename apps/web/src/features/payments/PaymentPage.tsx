import { PageFrame } from '../../components/layout/PageFrame';

export default function PaymentPage() {
  return <PageFrame title="Payment" />;
}
