import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, Form, Input, Row, Space } from 'antd';

/** 下单联系人 (from getContactInfo) and technical contacts (from the vendor's instructors). */
export function ContactsCard() {
  return (
    <Card title="下单联系人">
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item name="contactName" label="联系人" rules={[{ max: 50, message: '最多输入50个字符' }]}>
            <Input placeholder="下单联系人姓名" maxLength={50} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="contactPhone" label="联系电话" rules={[{ max: 20, message: '最多输入20个字符' }]}>
            <Input placeholder="下单联系人电话" maxLength={20} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label="技术联系人">
        <Form.List name="technicalContacts">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} align="start" style={{ display: 'flex' }}>
                  <Form.Item name={[f.name, 'name']}><Input placeholder="姓名" maxLength={50} style={{ width: 180 }} /></Form.Item>
                  <Form.Item name={[f.name, 'phone']}><Input placeholder="电话" maxLength={20} style={{ width: 180 }} /></Form.Item>
                  <Button type="text" icon={<DeleteOutlined />} onClick={() => remove(f.name)} aria-label="删除技术联系人" />
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})}>添加技术联系人</Button>
            </>
          )}
        </Form.List>
      </Form.Item>
    </Card>
  );
}
