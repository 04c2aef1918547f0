import { PageFrame } from '../../components/layout/PageFrame';

export default function ContactPage() {
  return <PageFrame title="Contact Us" />;
}
