import { PageFrame } from '../../components/layout/PageFrame';

export default function AddressBookPage() {
  return <PageFrame title="Manage Addresses" />;
}
