import { PageFrame } from '../../components/layout/PageFrame';

export default function ProductDetailsPage() {
  return <PageFrame title="Product" />;
}
