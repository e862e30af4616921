import { Descriptions, Image, Modal } from 'antd';
import { useConfigValue } from '../../../../lib/site-config';
import { fileUrlOf } from '../../../../components/upload';

/** 联系客服: the order's customer-service person (name, phone, WeChat picture), else the platform's numbers. */
export function ContactServiceDialog({ user, open, onClose }: { user: { name: string; phone: string; wechatPic?: string } | null | undefined; open: boolean; onClose: () => void }) {
  const hotline = useConfigValue('service_hotline').value;
  const kefu = useConfigValue('kefuPhone').value;
  return (
    <Modal title="联系客服" open={open} onCancel={onClose} footer={null} destroyOnHidden>
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label="客服姓名">{user?.name || '平台客服'}</Descriptions.Item>
        <Descriptions.Item label="客服电话">{user?.phone || kefu.split(',').filter(Boolean).join(' / ') || hotline}</Descriptions.Item>
        <Descriptions.Item label="服务热线">{hotline}</Descriptions.Item>
        {user?.wechatPic && (
          <Descriptions.Item label="客服微信">
            <Image src={fileUrlOf(user.wechatPic)} width={140} alt="客服微信二维码" />
          </Descriptions.Item>
        )}
      </Descriptions>
    </Modal>
  );
}
