import { PageFrame } from '../../components/layout/PageFrame';

export default function DashboardHome() {
  return <PageFrame title="Dashboard" />;
}
