import { Tabs } from 'antd';
import { useNavigate } from 'react-router';
import { NotificationCenter } from '../../../features/notifications/components/notification-center';
import { NotificationPrefs } from '../../../features/notifications/components/notification-prefs';
import { notificationTarget } from '../../notifications/notification-target';

/** 消息通知 (issue 19): every notification with filters, and the per-type delivery settings. */
export default function NotificationsScreen() {
  const navigate = useNavigate();
  return (
    <Tabs
      items={[
        { key: 'list', label: '全部通知', children: <NotificationCenter onOpen={notificationTarget} navigate={(to) => navigate(to)} /> },
        { key: 'prefs', label: '通知设置', children: <NotificationPrefs /> },
      ]}
    />
  );
}
