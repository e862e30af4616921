import { Card, Form, Radio, type FormInstance } from 'antd';
import { parole as paroleTable, serviceType } from '@portal/domain/enums';
import { availableServices, ORDER_MSG } from '@portal/domain/orders';
import type { ProductRow } from '@portal/domain/products';
import { ProductLineFields } from './product-line-fields';
import { productPrices } from './use-order-price';
import type { OrderFormValues } from './order-form-values';

/**
 * 产品信息: warranty type and service type for the order, then the product lines. A service type is
 * offered only when every chosen product has a price for it under the warranty type; recycle only
 * out of warranty. Changing the warranty resets service and repair types (spec 02 §5).
 */
export function ProductCard({ form, products }: { form: FormInstance<OrderFormValues>; products: ProductRow[] }) {
  const parole = Form.useWatch('parole', form) ?? 1;
  const lines = Form.useWatch('productList', form) ?? [];
  const chosen = lines.map((l) => products.find((p) => p.id === l?.productId)).filter((p): p is ProductRow => !!p);
  const offered = (s: number) => (s === 5 ? parole === 2 : true) && chosen.every((p) => availableServices(productPrices(p), parole).services.includes(s));

  const resetServices = () => {
    form.setFieldValue('serviceType', undefined);
    const list = (form.getFieldValue('productList') as OrderFormValues['productList']) ?? [];
    form.setFieldValue('productList', list.map((l) => ({ ...l, maintenanceType: undefined })));
    if (form.getFieldValue('parole') !== 1) form.setFieldsValue({ urgentFlag: false, praiseFlag: false });
  };

  return (
    <Card title="产品信息">
      <Form.Item name="parole" label="保内/保外" rules={[{ required: true, message: ORDER_MSG.paroleRequired }]}>
        <Radio.Group options={paroleTable.options} onChange={resetServices} optionType="button" buttonStyle="solid" />
      </Form.Item>
      <Form.Item name="serviceType" label="服务类型" rules={[{ required: true, message: ORDER_MSG.serviceRequired }]}>
        <Radio.Group
          onChange={() => form.setFieldValue('praiseFlag', false)}
          options={serviceType.options.filter((o) => o.value !== 5 || parole === 2).map((o) => ({ ...o, disabled: !offered(o.value) }))}
        />
      </Form.Item>
      <Form.List name="productList">
        {(fields, { remove }) =>
          fields.map((f, i) => (
            <ProductLineFields key={f.key} form={form} name={f.name} index={i} products={products} onRemove={fields.length > 1 ? () => remove(f.name) : undefined} />
          ))
        }
      </Form.List>
    </Card>
  );
}
