import { PageFrame } from '../../components/layout/PageFrame';

export default function NotFoundPage() {
  return <PageFrame title="Page not found" />;
}
