import { CommentOutlined, CustomerServiceOutlined, PhoneOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Popover } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useConfigValue } from '../../lib/site-config';

function ToolButton({ icon, label, onClick }: { icon: ReactNode; label: string; onClick?: () => void }) {
  return (
    <button type="button" className="service-tool__btn" onClick={onClick}>
      {icon}
      <span>{label}</span>
    </button>
  );
}

/** The floating customer-service tool (spec 01 §1): online chat, hotlines, one-click order. */
export function ServiceTool() {
  const navigate = useNavigate();
  const chat = useConfigValue('qudaolink').value;
  const service = useConfigValue('service_hotline').value;
  const complaints = useConfigValue('complaints_hotline').value;

  const hotline = (title: string, number: string) => (
    <div className="service-tool__pop">
      <div className="service-tool__pop-title">{title}</div>
      <a className="service-tool__pop-number" href={`tel:${number.replace(/[^\d+]/g, '')}`}>
        {number || '—'}
      </a>
    </div>
  );

  return (
    <aside className="service-tool" aria-label="客服工具">
      {chat && <ToolButton icon={<CommentOutlined />} label="在线客服" onClick={() => window.open(chat, '_blank', 'noopener')} />}
      <Popover placement="left" content={hotline('服务热线', service)}>
        <span>
          <ToolButton icon={<CustomerServiceOutlined />} label="服务热线" />
        </span>
      </Popover>
      <Popover placement="left" content={hotline('投诉热线', complaints)}>
        <span>
          <ToolButton icon={<PhoneOutlined />} label="投诉热线" />
        </span>
      </Popover>
      <ToolButton icon={<ThunderboltOutlined />} label="一键下单" onClick={() => navigate(paths.orderCreate.getHref())} />
    </aside>
  );
}
