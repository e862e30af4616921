import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { AutoComplete, Button, Card, Form, Input, Select, Space, Typography, type FormInstance } from 'antd';
import type { ProductRow } from '@portal/domain/products';
import { useLogisticsCompanies } from '../../api/get-logistics-companies';
import type { OrderFormValues } from './order-form-values';

/** 物流信息: parcels sent to the customer; a row is all-or-nothing and 顺丰 needs the recipient phone. */
export function LogisticsCard({ form, products }: { form: FormInstance<OrderFormValues>; products: ProductRow[] }) {
  const companies = useLogisticsCompanies();
  const lines = Form.useWatch('productList', form) ?? [];
  const rows = Form.useWatch('logisticsVoList', form) ?? [];
  const productOptions = lines
    .map((l) => products.find((p) => p.id === l?.productId))
    .filter((p): p is ProductRow => !!p)
    .map((p) => ({ value: p.id, label: `${p.categoryName} ${p.modelName}` }));
  return (
    <Card title="物流信息" extra={<Typography.Text type="secondary">选填；填写时产品、快递公司、快递单号需完整</Typography.Text>}>
      <Form.List name="logisticsVoList">
        {(fields, { add, remove }) => (
          <>
            {fields.map((f) => {
              const sf = (rows[f.name]?.courierCompany ?? '').includes('顺丰');
              return (
                <Space key={f.key} align="start" style={{ display: 'flex' }} data-testid="logistics-row">
                  <Form.Item name={[f.name, 'productId']}>
                    <Select placeholder="选择产品" options={productOptions} style={{ width: 240 }} allowClear />
                  </Form.Item>
                  <Form.Item name={[f.name, 'courierCompany']}>
                    <AutoComplete
                      style={{ width: 160 }}
                      options={(companies.data ?? []).map((c) => ({ value: c.name }))}
                      filterOption={(input, o) => String(o?.value ?? '').includes(input)}
                    >
                      <Input placeholder="快递公司" maxLength={50} />
                    </AutoComplete>
                  </Form.Item>
                  <Form.Item name={[f.name, 'courierNum']}>
                    <Input placeholder="快递单号" maxLength={50} style={{ width: 200 }} />
                  </Form.Item>
                  {sf && (
                    <Form.Item name={[f.name, 'phone']}>
                      <Input placeholder="收件人手机号" maxLength={11} style={{ width: 150 }} />
                    </Form.Item>
                  )}
                  <Button type="text" icon={<DeleteOutlined />} onClick={() => remove(f.name)} aria-label="删除物流" />
                </Space>
              );
            })}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})} data-action="add-logistics">添加物流</Button>
          </>
        )}
      </Form.List>
    </Card>
  );
}
