import { MessagesList } from '@/features/admin/components/messages-list';

export default function AdminMessagesRoute() {
  return (
    <div className="space-y-6">
      <h1 className="font-serif text-3xl font-bold text-stone-900">Messages</h1>
      <MessagesList />
    </div>
  );
}
