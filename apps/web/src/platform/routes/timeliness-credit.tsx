import { Button, Card, Form, InputNumber, Popconfirm, Radio, Select, Space, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { serviceType } from '@portal/domain/enums';
import { CREDIT_MSG, CREDIT_STAGES, creditStageOptions } from '@portal/domain/timeliness-credit';
import { creditRulesQuery, useRemoveCreditRule, useSaveCreditRule, type CreditRule } from '../../features/appointments/api/appointments';

interface Values {
  serviceType?: number;
  stage?: string;
  promiseHours?: number | null;
  kind: 'fixed' | 'share';
  amount?: number;
  percent?: number;
  cap?: number;
}

const promiseText = (r: CreditRule) =>
  r.stage === 'urgent' ? '按加急类型（12/24小时）' : r.promiseHours === null ? '平台统一时效' : r.stage === 'checkIn' ? `预约时段结束后${r.promiseHours}小时内` : `${r.promiseHours}小时`;

/**
 * 时效赔付规则 (issue 46, decision 258): per service type and stage, the platform's promise and what the
 * merchant is credited when it is missed. Saving a service type's stage again replaces its rule.
 */
export default function PlatformTimelinessCreditScreen() {
  const [form] = Form.useForm<Values>();
  const q = useQuery(creditRulesQuery());
  const save = useSaveCreditRule();
  const remove = useRemoveCreditRule();
  const kind = Form.useWatch('kind', form);
  const stage = Form.useWatch('stage', form);
  const edit = (r: CreditRule) =>
    form.setFieldsValue({ serviceType: r.serviceType, stage: r.stage, promiseHours: r.promiseHours, kind: r.kind as Values['kind'], amount: r.amount || undefined, percent: r.percent || undefined, cap: r.cap || undefined });
  const submit = (v: Values) =>
    save.mutate({
      serviceType: v.serviceType!, stage: v.stage!, promiseHours: v.promiseHours ?? null, kind: v.kind,
      ...(v.kind === 'fixed' ? { amount: v.amount } : { percent: v.percent, cap: v.cap }),
    });
  return (
    <Card title="时效赔付规则">
      <Typography.Paragraph type="secondary">
        按服务类型和时效阶段设置平台承诺时效与超时赔付。阶段超时后系统自动向厂家余额赔付，每个订单每个阶段只赔付一次；已取消的订单停止计时。承诺时效留空则按「服务时效」的平台统一目标；待上门阶段按预约时段结束时间计算。
      </Typography.Paragraph>
      <Form form={form} layout="inline" initialValues={{ kind: 'fixed' }} onFinish={submit} style={{ marginBottom: 16, rowGap: 8 }} data-testid="credit-rule-form">
        <Form.Item name="serviceType" rules={[{ required: true, message: CREDIT_MSG.serviceTypeRequired }]}>
          <Select placeholder="服务类型" options={serviceType.options} style={{ width: 170 }} data-testid="rule-service" />
        </Form.Item>
        <Form.Item name="stage" rules={[{ required: true, message: CREDIT_MSG.stageRequired }]}>
          <Select placeholder="时效阶段" options={creditStageOptions.filter((o) => CREDIT_STAGES.includes(o.value))} style={{ width: 130 }} data-testid="rule-stage" />
        </Form.Item>
        <Form.Item name="promiseHours" label="承诺">
          <InputNumber min={0} max={720} precision={0} suffix="小时" placeholder={stage === 'urgent' ? '按加急类型' : '平台统一'} disabled={stage === 'urgent'} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="kind">
          <Radio.Group options={[{ value: 'fixed', label: '固定金额' }, { value: 'share', label: '按订单金额比例' }]} />
        </Form.Item>
        {kind === 'share' ? (
          <>
            <Form.Item name="percent" rules={[{ required: true, message: CREDIT_MSG.percentInvalid }]}>
              <InputNumber min={1} max={100} precision={0} suffix="%" placeholder="比例" style={{ width: 110 }} />
            </Form.Item>
            <Form.Item name="cap" rules={[{ required: true, message: CREDIT_MSG.capInvalid }]}>
              <InputNumber min={0.01} max={10000} precision={2} prefix="¥" placeholder="上限" style={{ width: 130 }} />
            </Form.Item>
          </>
        ) : (
          <Form.Item name="amount" rules={[{ required: true, message: CREDIT_MSG.amountInvalid }]}>
            <InputNumber min={0.01} max={10000} precision={2} prefix="¥" placeholder="赔付金额" style={{ width: 140 }} />
          </Form.Item>
        )}
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存规则
          </Button>
        </Form.Item>
      </Form>
      <Table
        rowKey="id"
        size="small"
        loading={q.isLoading}
        dataSource={q.data ?? []}
        pagination={false}
        columns={[
          { title: '服务类型', dataIndex: 'serviceTypeName' },
          { title: '时效阶段', dataIndex: 'stageName' },
          { title: '平台承诺', render: (_, r) => promiseText(r) },
          { title: '超时赔付', dataIndex: 'creditText' },
          { title: '修改人', render: (_, r) => `${r.updatedBy}（${r.updateTime}）` },
          {
            title: '操作',
            render: (_, r) => (
              <Space>
                <Button type="link" size="small" onClick={() => edit(r)}>编辑</Button>
                <Popconfirm title="删除后该阶段超时不再自动赔付，确定删除吗？" onConfirm={() => remove.mutateAsync(r.id)}>
                  <Button type="link" size="small" danger>删除</Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
