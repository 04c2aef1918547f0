import { PageFrame } from '../../components/layout/PageFrame';

export default function AboutPage() {
  return <PageFrame title="About Us" />;
}
