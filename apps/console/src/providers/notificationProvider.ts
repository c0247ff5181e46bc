import type { NotificationProvider } from '@refinedev/core';
import { notification } from 'antd';

/** Refine's notices (a saved form, a failed mutation) as Ant Design notifications. */
export const notificationProvider: NotificationProvider = {
  open: ({ key, message, description, type }) => {
    if (type === 'progress') return;
    notification[type === 'success' ? 'success' : 'error']({ key, message, description, placement: 'bottomRight' });
  },
  close: (key) => notification.destroy(key),
};
