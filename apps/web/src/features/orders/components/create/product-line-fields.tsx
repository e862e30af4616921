import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Col, Form, Input, InputNumber, Radio, Row, Select, Space, Typography, type FormInstance } from 'antd';
import { maintenanceType } from '@portal/domain/enums';
import { MSG } from '@portal/domain/messages';
import { availableServices, ORDER_MSG, unitPriceFen } from '@portal/domain/orders';
import { fenToYuanText } from '@portal/domain/money';
import type { ProductRow } from '@portal/domain/products';
import { VIDEO_EXT, PICTURE_EXT } from '@portal/domain/files';
import { FileItemsField } from '../../../../components/file-items/file-items-field';
import { productPrices } from './use-order-price';
import type { OrderFormValues } from './order-form-values';

const wholeRule = { pattern: /^\d*$/, message: MSG.positiveInteger };

/** One product line: product, number 1–10, repair type, surcharges, videos/drawings, remarks. */
export function ProductLineFields({ form, name, index, products, onRemove }: { form: FormInstance<OrderFormValues>; name: number; index: number; products: ProductRow[]; onRemove?: () => void }) {
  const parole = Form.useWatch('parole', form) ?? 1;
  const service = Form.useWatch('serviceType', form);
  const productId = Form.useWatch(['productList', name, 'productId'], form);
  const product = products.find((p) => p.id === productId);
  const avail = product ? availableServices(productPrices(product), parole) : null;
  const options = products.map((p) => {
    const a = availableServices(productPrices(p), parole);
    return { value: p.id, label: `${p.categoryName} ${p.modelName}`, disabled: service ? !a.services.includes(service) : a.services.length === 0 };
  });
  const maintenance = Form.useWatch(['productList', name, 'maintenanceType'], form);
  const unitFen = product && service ? unitPriceFen(productPrices(product), parole, service, maintenance) : null;

  return (
    <div className="product-line" data-testid="product-line">
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name={[name, 'productId']} label={`产品 ${index + 1}`} rules={[{ required: true, message: ORDER_MSG.productChoose }]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="请选择产品（仅显示审核通过的产品）"
              options={options}
              onChange={() => form.setFieldValue(['productList', name, 'maintenanceType'], undefined)}
            />
          </Form.Item>
        </Col>
        <Col span={5}>
          <Form.Item name={[name, 'number']} label="数量" rules={[{ required: true, type: 'integer', min: 1, max: 10, message: ORDER_MSG.numberRange }]}>
            <InputNumber min={1} max={10} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={5}>
          <Form.Item label="单价">
            <Typography.Text strong data-testid="line-unit">{unitFen === null ? '—' : `￥${fenToYuanText(unitFen)}`}</Typography.Text>
          </Form.Item>
        </Col>
        <Col span={2} style={{ textAlign: 'right', paddingTop: 30 }}>
          {onRemove && <Button type="text" danger icon={<DeleteOutlined />} onClick={onRemove} aria-label="删除产品" />}
        </Col>
      </Row>
      {service === 2 && (
        <Form.Item name={[name, 'maintenanceType']} label="维修类型" rules={[{ required: true, message: ORDER_MSG.maintenanceRequired }]}>
          <Radio.Group options={maintenanceType.options.map((o) => ({ ...o, disabled: !avail?.maintenanceTypes.includes(o.value) }))} />
        </Form.Item>
      )}
      <Form.Item label="附加费（元）">
        <Form.List name={[name, 'omsSurchargeList']}>
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} align="start" style={{ display: 'flex' }}>
                  <Form.Item name={[f.name, 'name']}><Input placeholder="费用名称" maxLength={50} style={{ width: 180 }} /></Form.Item>
                  <Form.Item name={[f.name, 'price']} rules={[wholeRule]}><Input placeholder="单价（正整数）" style={{ width: 130 }} inputMode="numeric" /></Form.Item>
                  <Form.Item name={[f.name, 'num']} rules={[wholeRule]}><Input placeholder="数量" style={{ width: 90 }} inputMode="numeric" /></Form.Item>
                  <Button type="text" icon={<DeleteOutlined />} onClick={() => remove(f.name)} aria-label="删除附加费" />
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ num: '1' })} data-action="add-surcharge">添加附加费</Button>
            </>
          )}
        </Form.List>
      </Form.Item>
      {product && (product.productVideo.length > 0 || product.finishedDrawing.length > 0) && (
        <Row gutter={16}>
          <Col span={12}>
            {product.productVideo.length > 0 && (
              <Form.Item name={[name, 'productVideoSelect']} label="选择操作视频">
                <Checkbox.Group options={product.productVideo.map((f) => ({ value: f.fileUrl, label: f.fileName }))} />
              </Form.Item>
            )}
          </Col>
          <Col span={12}>
            {product.finishedDrawing.length > 0 && (
              <Form.Item name={[name, 'finishedDrawingSelect']} label="选择完工示例图">
                <Checkbox.Group options={product.finishedDrawing.map((f) => ({ value: f.fileUrl, label: f.fileName }))} />
              </Form.Item>
            )}
          </Col>
        </Row>
      )}
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name={[name, 'newProductVideo']} label="上传操作视频">
            <FileItemsField types={VIDEO_EXT} dialogTitle="上传操作视频" buttonText="上传视频" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name={[name, 'newFinishedDrawing']} label="上传完工示例图">
            <FileItemsField types={PICTURE_EXT} dialogTitle="上传完工示例图" buttonText="上传图片" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name={[name, 'remarks']} label="产品备注" rules={[{ max: 400, message: ORDER_MSG.text400 }]}>
        <Input.TextArea rows={2} maxLength={400} placeholder="选填" />
      </Form.Item>
    </div>
  );
}
