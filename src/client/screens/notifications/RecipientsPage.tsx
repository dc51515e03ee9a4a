/**
 * /recipients/{id} (spec §2): a numeric id is a notification, anything else a user's uid. The generic
 * list of notification recipients, scoped to that notification or user.
 */
import type { ScreenProps } from '../../routes';
import { ListScreen, type ListScope } from '../../resource-ui/ListScreen';
import { notificationRecipients } from '../../../shared/resources/notification-recipients';

export function recipientScope(id: string): ListScope {
  return /^\d+$/.test(id)
    ? { params: { notification_id: id }, label: `notification #${id}` }
    : { params: { uid: id }, label: `user ${id}` };
}

export default function RecipientsPage({ params }: ScreenProps) {
  const id = params.id ?? '';
  return <ListScreen key={id} resource={notificationRecipients} scope={recipientScope(id)} />;
}
