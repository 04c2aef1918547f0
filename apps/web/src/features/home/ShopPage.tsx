import { PageFrame } from '../../components/layout/PageFrame';

export default function ShopPage() {
  return <PageFrame title="Shop" />;
}
