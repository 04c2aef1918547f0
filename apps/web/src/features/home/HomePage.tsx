import { PageFrame } from '../../components/layout/PageFrame';

export default function HomePage() {
  return <PageFrame title="Bazaar" />;
}
