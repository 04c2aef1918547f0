import { PageFrame } from '../../components/layout/PageFrame';

export default function MyPaymentPage() {
  return <PageFrame title="Payment" />;
}
