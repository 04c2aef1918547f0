import { PageFrame } from '../../components/layout/PageFrame';

export default function ChangePasswordPage() {
  return <PageFrame title="Chage Password" />;
}
