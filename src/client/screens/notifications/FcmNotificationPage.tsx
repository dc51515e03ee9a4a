/**
 * /fcm-notification (spec §2, §5): send a push notification to one user — uid, title, message — with
 * the notifications declaration's create struct ('Title is required', 'Message is required'). After
 * sending, the recipients of the new notification show what happened per device.
 */
import { useLocation } from 'wouter';
import { ResourceForm } from '../../resource-ui/ResourceForm';
import { notifications } from '../../../shared/resources/notifications';
import '../../resource-ui/resource-ui.css';

export default function FcmNotificationPage() {
  const [, navigate] = useLocation();
  return (
    <section className="form-page" aria-labelledby="fcm-title">
      <h2 id="fcm-title" className="list-title">FCM Notification</h2>
      <ResourceForm resource={notifications} mode="create"
        onSaved={(row) => navigate(`/recipients/${row.id}`)} onCancel={() => navigate('/notifications')} />
    </section>
  );
}
