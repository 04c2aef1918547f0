import { PageFrame } from '../../components/layout/PageFrame';

export default function CartPage() {
  return <PageFrame title="Cart" />;
}
