import { PageFrame } from '../../components/layout/PageFrame';

export default function PaymentConfirmPage() {
  return <PageFrame title="Payment under verification" />;
}
