import { Outlet } from 'react-router-dom';

export default function DashboardLayout() {
  return (
    <div className="container-page py-8">
      <Outlet />
    </div>
  );
}
