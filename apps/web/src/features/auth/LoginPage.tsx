import { PageFrame } from '../../components/layout/PageFrame';

export default function LoginPage() {
  return <PageFrame title="Login / Register" />;
}
