import { PageFrame } from '../../components/layout/PageFrame';

export default function RegisterPage() {
  return <PageFrame title="Register" />;
}
