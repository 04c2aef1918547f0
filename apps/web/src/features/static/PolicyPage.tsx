import { PageFrame } from '../../components/layout/PageFrame';

export type PolicyKey = 'privacy-policy' | 'terms-condition' | 'return-refund' | 'shipping-policy';

export default function PolicyPage({ policy }: { policy: PolicyKey }) {
  return <PageFrame title={policy} />;
}
