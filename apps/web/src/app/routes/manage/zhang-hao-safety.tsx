import { ExclamationCircleOutlined, LockOutlined, MobileOutlined, UserDeleteOutlined } from '@ant-design/icons';
import { App, Button, Card } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { maskPhone } from '@portal/domain/accounts';
import { MSG } from '@portal/domain/messages';
import { LOGIN_TYPE, paths } from '../../../config/paths';
import { closeAccount } from '../../../features/accounts/api/close-account';
import { ChangePasswordDialog } from '../../../features/accounts/components/change-password-dialog';
import { ChangePhoneDialog } from '../../../features/accounts/components/change-phone-dialog';
import { useAccess } from '../../../lib/access';
import { NotificationPrefs } from '../../../features/notifications/components/notification-prefs';
import { vendorToken } from '../../../lib/token-store';
import { userInfoQueryKey } from '../../../lib/user-info';
import '../../../features/accounts/components/accounts.css';

export const CLOSE_ACCOUNT_WARNING = '注销后，账号下的所有数据将被删除且无法恢复，也将无法再申请售后。确定要注销该账号吗？';

/** 账户安全 (spec 01 §2 zhangHaoSafety): password, bound phone, close account. */
export default function ZhangHaoSafetyScreen() {
  const { message, modal } = App.useApp();
  const { user, isMain } = useAccess();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'password' | 'phone' | null>(null);
  const phone = user?.phone ?? '';

  const askClose = () =>
    modal.confirm({
      title: MSG.warmTip,
      icon: <ExclamationCircleOutlined />,
      content: CLOSE_ACCOUNT_WARNING,
      okText: MSG.confirm,
      okButtonProps: { danger: true },
      cancelText: MSG.cancel,
      onOk: async () => {
        try {
          await closeAccount();
        } catch {
          return;
        }
        message.success(MSG.logoffOk);
        vendorToken.clear();
        qc.clear();
        navigate(paths.login.getHref(LOGIN_TYPE.login), { replace: true });
      },
    });

  return (
    <>
    <Card title="账户安全" className="acc-page">
      <div className="acc-safety">
        <div className="acc-safety__item">
          <LockOutlined className="acc-safety__icon" />
          <div className="acc-safety__text">
            <div className="acc-safety__title">登录密码</div>
            <div className="acc-safety__desc">已设置，建议定期更换并使用大小写字母与数字组合</div>
          </div>
          <Button onClick={() => setDialog('password')}>
            修改密码
          </Button>
        </div>
        <div className="acc-safety__item">
          <MobileOutlined className="acc-safety__icon" />
          <div className="acc-safety__text">
            <div className="acc-safety__title">绑定手机</div>
            <div className="acc-safety__desc" data-testid="bound-phone">
              {phone ? maskPhone(phone) : '未绑定'}
            </div>
          </div>
          <Button onClick={() => setDialog('phone')} disabled={!phone}>
            更换手机号
          </Button>
        </div>
        {isMain && (
          <div className="acc-safety__item">
            <UserDeleteOutlined className="acc-safety__icon acc-safety__icon--danger" />
            <div className="acc-safety__text">
              <div className="acc-safety__title">注销账号</div>
              <div className="acc-safety__desc">注销后所有数据将被删除且无法恢复，且无法申请售后</div>
            </div>
            <Button danger onClick={askClose}>
              注销账号
            </Button>
          </div>
        )}
      </div>
      {/* Mounted only while open: each opening loads a fresh single-use captcha. */}
      {dialog === 'password' && <ChangePasswordDialog open phone={phone} onClose={() => setDialog(null)} />}
      {dialog === 'phone' && (
      <ChangePhoneDialog
        open
        phone={phone}
        onClose={() => setDialog(null)}
        onChanged={() => void qc.invalidateQueries({ queryKey: userInfoQueryKey })}
      />
      )}
    </Card>
    {/* Per-type notification delivery (issue 19): in the portal, or also by SMS to this phone. */}
    <div style={{ marginTop: 16 }}>
      <NotificationPrefs />
    </div>
    </>
  );
}
