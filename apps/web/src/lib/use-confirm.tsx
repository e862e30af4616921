import { ExclamationCircleOutlined } from '@ant-design/icons';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { MSG } from '@portal/domain/messages';

/**
 * The portal's "系统提示" confirmation (确定 / 取消). `onOk` may return a promise: the button spins
 * until it settles. A refused request has already been shown by the request layer, so a rejection
 * only closes the dialog.
 */
export function useConfirm() {
  const { modal } = App.useApp();
  return (content: ReactNode, onOk: () => unknown, title: ReactNode = MSG.systemTip) =>
    modal.confirm({
      title,
      icon: <ExclamationCircleOutlined />,
      content,
      okText: MSG.confirm,
      cancelText: MSG.cancel,
      onOk: async () => {
        try {
          await onOk();
        } catch {
          // shown by the request layer
        }
      },
    });
}
