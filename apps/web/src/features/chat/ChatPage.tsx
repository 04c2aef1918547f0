import { PageFrame } from '../../components/layout/PageFrame';

export default function ChatPage() {
  return <PageFrame title="Chat" />;
}
