import { App, Button, Card, Form, InputNumber, Skeleton, Typography } from 'antd';
import { DEFAULT_SLA_TARGETS, SLA_MSG, type SlaTargets } from '@portal/domain/sla';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { slaTargetsQuery, useSaveSlaTargets } from '../api/console';

const FIELDS: Array<{ name: keyof SlaTargets; label: string; unit: string; min: number; max: number; help: string; msg: string }> = [
  { name: 'acceptHours', label: '接单时效', unit: '小时', min: 1, max: 720, help: '支付成功后，师傅须在此时间内接单', msg: SLA_MSG.hoursInvalid },
  { name: 'appointmentHours', label: '预约时效', unit: '小时', min: 1, max: 720, help: '师傅接单后，须在此时间内与客户预约', msg: SLA_MSG.hoursInvalid },
  { name: 'checkInGraceMinutes', label: '签到宽限', unit: '分钟', min: 0, max: 1440, help: '须在预约时段结束后此时间内签到（0 即按时段结束时间）', msg: SLA_MSG.graceInvalid },
  { name: 'completionHours', label: '完工时效', unit: '小时', min: 1, max: 720, help: '上门签到后，须在此时间内提交完工', msg: SLA_MSG.hoursInvalid },
  { name: 'soonMinutes', label: '即将超时提醒', unit: '分钟', min: 1, max: 1440, help: '距到期不足此时间的订单列为“即将超时”', msg: SLA_MSG.soonInvalid },
];

/** 服务时效 (issue 19): the platform-wide targets; a stage started after a change uses the new one. */
export default function PlatformSlaScreen() {
  const { message } = App.useApp();
  const [form] = Form.useForm<SlaTargets>();
  const q = useQuery(slaTargetsQuery());
  const save = useSaveSlaTargets();
  useEffect(() => {
    if (q.data) form.setFieldsValue(q.data);
  }, [q.data, form]);
  return (
    <Card title="服务时效">
      <Typography.Paragraph type="secondary">
        平台统一的订单时效目标。加急订单按所购加急时效（12小时 / 24小时）自支付起计算至完工。修改后，之后进入新阶段的订单按新目标计算。
      </Typography.Paragraph>
      {q.isLoading ? (
        <Skeleton active />
      ) : (
        <Form form={form} layout="horizontal" labelCol={{ flex: '120px' }} initialValues={DEFAULT_SLA_TARGETS} onFinish={(v) => save.mutate(v, { onSuccess: () => void message.success('保存成功') })} style={{ maxWidth: 640 }}>
          {FIELDS.map((f) => (
            <Form.Item key={f.name} name={f.name} label={f.label} extra={f.help} rules={[{ required: true, type: 'integer', min: f.min, max: f.max, message: f.msg }]}>
              <InputNumber min={f.min} max={f.max} precision={0} suffix={f.unit} style={{ width: 200 }} />
            </Form.Item>
          ))}
          <Form.Item label=" " colon={false}>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              保存
            </Button>
            <Button style={{ marginLeft: 8 }} onClick={() => form.setFieldsValue(DEFAULT_SLA_TARGETS)}>
              恢复默认
            </Button>
          </Form.Item>
        </Form>
      )}
    </Card>
  );
}
