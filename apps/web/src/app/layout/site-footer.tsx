import { EnvironmentOutlined, MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { useJsonConfig, type CompanyContact } from '../../lib/site-config';

/** Company contacts from config company_contact (spec 01 §1). */
export function SiteFooter() {
  const contact = useJsonConfig<CompanyContact>('company_contact');
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <img src="/logo.svg" alt="" width={32} height={32} />
          <div>
            <div className="site-footer__company">{contact?.company ?? '厂家服务下单门户'}</div>
            <div className="site-footer__slogan">家电安装 · 维修 · 清洗 · 调试 · 回收，全国上门服务</div>
          </div>
        </div>
        {contact && (
          <ul className="site-footer__contacts">
            <li>
              <PhoneOutlined /> 客服电话：{contact.phone}
            </li>
            <li>
              <MailOutlined /> 邮箱：{contact.email}
            </li>
            <li>
              <EnvironmentOutlined /> 地址：{contact.address}
            </li>
          </ul>
        )}
      </div>
      <div className="site-footer__copy">© {new Date().getFullYear()} {contact?.company ?? ''} 版权所有</div>
    </footer>
  );
}
