import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Checkbox, Form, Input, Select, Skeleton } from 'antd';
import { useEffect } from 'react';
import { ADDRESS_DETAIL_MAX, ADDRESS_DETAIL_TOO_LONG, manufacturerInfoBody } from '@portal/domain/accounts';
import { ADDRESS_PAYMENT_TYPE } from '@portal/domain/enums';
import { MSG } from '@portal/domain/messages';
import { optionalPhone } from '@portal/domain/validation';
import { UploadField } from '../../../components/upload';
import { useEditManufacturerInfo } from '../../../features/accounts/api/edit-manufacturer-info';
import { useManufacturerInfo } from '../../../features/accounts/api/get-manufacturer-info';
import { RegionCascader } from '../../../features/orders/components/region-cascader';
import { zodRule } from '../../../lib/form-rules';
import '../../../features/accounts/components/accounts.css';

interface AddressForm {
  id?: number;
  paymentType: number;
  realName?: string;
  phone?: string;
  region?: string[];
  detailAddress?: string;
  defaultFlag?: boolean;
}
interface InfoForm {
  name: string;
  company: string;
  license: string;
  contacts: string;
  technicalUserVoList: Array<{ name?: string; phone?: string }>;
  umsUserAddressVoList: AddressForm[];
}

const companyRule = zodRule(manufacturerInfoBody.shape.company);
const phoneRule = zodRule(optionalPhone);

/** 基本信息 (spec 01 §2 zhangHaoInfo): nickname, company, licence, contact, instructors, addresses. */
export default function ZhangHaoInfoScreen() {
  const { message } = App.useApp();
  const [form] = Form.useForm<InfoForm>();
  const info = useManufacturerInfo();
  const save = useEditManufacturerInfo();

  useEffect(() => {
    const d = info.data;
    if (!d) return;
    form.setFieldsValue({
      name: d.name,
      company: d.company,
      license: d.license,
      contacts: d.contacts,
      technicalUserVoList: d.technicalUserVoList.length ? d.technicalUserVoList : [{}],
      umsUserAddressVoList: d.umsUserAddressList.map((a) => ({
        id: a.id,
        paymentType: a.paymentType,
        realName: a.realName,
        phone: a.phone,
        region: [a.provinceId, a.cityId, a.districtId],
        detailAddress: a.detailAddress,
        defaultFlag: a.defaultFlag === 1,
      })),
    });
  }, [info.data, form]);

  const onFinish = async (v: InfoForm) => {
    try {
      await save.mutateAsync({
        name: v.name ?? '',
        company: v.company,
        contacts: v.contacts ?? '',
        license: v.license ?? '',
        avatar: info.data?.avatar ?? '',
        technicalUserVoList: v.technicalUserVoList ?? [],
        umsUserAddressVoList: (v.umsUserAddressVoList ?? []).map((a) => ({
          id: a.id,
          paymentType: a.paymentType ?? 0,
          realName: a.realName ?? '',
          phone: a.phone ?? '',
          provinceId: a.region?.[0] ?? '',
          cityId: a.region?.[1] ?? '',
          districtId: a.region?.[2] ?? '',
          detailAddress: a.detailAddress ?? '',
          defaultFlag: a.defaultFlag ? 1 : 0,
        })),
      });
      message.success(MSG.saveOk);
    } catch {
      // the request layer showed the server's message
    }
  };

  if (info.isPending) return <Card title="基本信息"><Skeleton active paragraph={{ rows: 10 }} /></Card>;

  return (
    <Card title="基本信息" className="acc-page">
      <Form form={form} layout="horizontal" labelCol={{ flex: '110px' }} onFinish={onFinish} style={{ maxWidth: 980 }} scrollToFirstError>
        <Form.Item label="账号" >
          <span>{info.data?.phone}</span>
        </Form.Item>
        <Form.Item label="昵称" name="name">
          <Input maxLength={50} placeholder="请输入昵称" style={{ maxWidth: 420 }} />
        </Form.Item>
        <Form.Item label="公司名称" name="company" required rules={[companyRule]}>
          <Input maxLength={100} placeholder="请输入公司名称" style={{ maxWidth: 420 }} />
        </Form.Item>
        <Form.Item label="营业执照" name="license" extra="仅限一张图片，支持 png、jpg、jpeg，小于 10 MB">
          <UploadField dir="license" maxCount={1} buttonText="上传执照" />
        </Form.Item>
        <Form.Item label="联系人" name="contacts">
          <Input maxLength={50} placeholder="请输入联系人" style={{ maxWidth: 420 }} />
        </Form.Item>

        <Form.Item label="技术指导">
          <Form.List name="technicalUserVoList">
            {(fields, { add, remove }) => (
              <div className="acc-rows">
                {fields.map((f) => (
                  <div className="acc-row" key={f.key} data-testid="technician-row">
                    <Form.Item name={[f.name, 'name']}>
                      <Input placeholder="姓名" maxLength={50} style={{ width: 200 }} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'phone']} rules={[phoneRule]}>
                      <Input placeholder="手机号" maxLength={11} style={{ width: 200 }} />
                    </Form.Item>
                    <Button className="acc-row__remove" type="text" danger icon={<DeleteOutlined />} onClick={() => remove(f.name)} aria-label="删除技术指导" />
                  </div>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})} style={{ width: 200 }}>
                  添加技术指导
                </Button>
              </div>
            )}
          </Form.List>
        </Form.Item>

        <Form.Item label="收货地址">
          <Form.List name="umsUserAddressVoList">
            {(fields, { add, remove }) => (
              <div className="acc-rows">
                {fields.map((f) => (
                  <div className="acc-row" key={f.key} data-testid="address-row">
                    <Form.Item name={[f.name, 'paymentType']} initialValue={0}>
                      <Select options={ADDRESS_PAYMENT_TYPE.options} style={{ width: 100 }} aria-label="付款方式" />
                    </Form.Item>
                    <Form.Item name={[f.name, 'realName']}>
                      <Input placeholder="联系人" maxLength={50} style={{ width: 130 }} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'phone']} rules={[phoneRule]}>
                      <Input placeholder="手机号" maxLength={11} style={{ width: 140 }} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'region']} style={{ width: 260 }}>
                      <RegionCascader aria-label="省市区" />
                    </Form.Item>
                    <Form.Item name={[f.name, 'detailAddress']} style={{ flex: '1 1 420px' }} rules={[{ max: ADDRESS_DETAIL_MAX, message: ADDRESS_DETAIL_TOO_LONG }]}>
                      <Input.TextArea placeholder="详细地址" maxLength={ADDRESS_DETAIL_MAX} showCount autoSize={{ minRows: 1, maxRows: 3 }} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'defaultFlag']} valuePropName="checked">
                      <Checkbox>默认</Checkbox>
                    </Form.Item>
                    <Button className="acc-row__remove" type="text" danger icon={<DeleteOutlined />} onClick={() => remove(f.name)} aria-label="删除地址" />
                  </div>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ paymentType: 0 })} style={{ width: 200 }}>
                  添加收货地址
                </Button>
              </div>
            )}
          </Form.List>
        </Form.Item>

        <Form.Item label=" " colon={false}>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
