import { Button, Card, Form, InputNumber, Radio, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { serviceType } from '@portal/domain/enums';
import { EXTRA_FEE_MSG, OVER_CAP, TIMEOUT_ACTION } from '@portal/domain/extra-fees';
import { MSG } from '@portal/domain/messages';
import { useConfirm } from '../../../lib/use-confirm';
import { removeCap, saveCap, saveSettings, useCapLogs, useCapMutation, useCaps, useExtraFeeSettings, type ExtraFeeCapRow, type ExtraFeeSettings } from '../api/extra-fees';
import { yuanText } from './extra-fee-list';

interface CapValues {
  category?: number[];
  serviceType?: number;
  productId?: number;
  cap?: number;
}

/**
 * 加价上限 (issue 46): the most the merchant accepts in extra fees per order, per product category and
 * service type (optionally per product); the rules for requests above it and unanswered ones; every
 * change with who and when. `categoryField` and `productField` are drawn by the route (features do not
 * import each other).
 */
export function CapsScreen({ canEdit, categoryField, productField }: {
  canEdit: boolean;
  categoryField: (value: number[] | undefined, onChange: (v: number[]) => void) => React.ReactNode;
  productField: (value: number | undefined, onChange: (v: number | undefined) => void) => React.ReactNode;
}) {
  const caps = useCaps();
  const settings = useExtraFeeSettings();
  const [logPage, setLogPage] = useState(1);
  const logs = useCapLogs(logPage);
  const [form] = Form.useForm<CapValues>();
  const [rulesForm] = Form.useForm<ExtraFeeSettings>();
  const confirm = useConfirm();
  const save = useCapMutation((v: CapValues) => saveCap({ categoryId: v.category![v.category!.length - 1]!, serviceType: v.serviceType!, productId: v.productId, cap: String(v.cap) }), EXTRA_FEE_MSG.capSaved);
  const remove = useCapMutation((id: number) => removeCap(id), EXTRA_FEE_MSG.capRemoved);
  const saveRules = useCapMutation((v: ExtraFeeSettings) => saveSettings(v), EXTRA_FEE_MSG.settingsSaved);

  return (
    <div data-testid="extra-fee-caps">
      <Card title="加价上限" style={{ marginBottom: 16 }}>
        <Typography.Paragraph type="secondary">
          师傅申请的加价不超过本单剩余上限时自动通过并从余额扣款，无需您确认；同一订单的多个产品按其中最高的上限计算，产品单独设置的上限优先于分类上限；同一产品每种服务类型只有一个上限，在其他分类下再次保存会替换原上限。
        </Typography.Paragraph>
        {canEdit && (
          <Form form={form} layout="inline" style={{ marginBottom: 16, rowGap: 8 }} onFinish={async (v) => { await save.mutateAsync(v); form.resetFields(); }}>
            <Form.Item name="category" rules={[{ required: true, message: EXTRA_FEE_MSG.categoryRequired }]}>
              <CategoryInput render={categoryField} />
            </Form.Item>
            <Form.Item name="serviceType" rules={[{ required: true, message: EXTRA_FEE_MSG.serviceTypeRequired }]}>
              <Select placeholder="服务类型" options={serviceType.options} style={{ width: 180 }} aria-label="服务类型" />
            </Form.Item>
            <Form.Item name="productId">
              <ProductInput render={productField} />
            </Form.Item>
            <Form.Item name="cap" rules={[{ required: true, message: EXTRA_FEE_MSG.capRequired }]}>
              <InputNumber min={0} max={100000} precision={2} placeholder="每单上限（元）" style={{ width: 160 }} aria-label="每单上限" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-action="save-cap">保存上限</Button>
          </Form>
        )}
        <Table<ExtraFeeCapRow>
          size="small"
          rowKey="id"
          loading={caps.isPending}
          dataSource={caps.data ?? []}
          pagination={false}
          locale={{ emptyText: '尚未设置加价上限：所有加价申请都需您确认' }}
          columns={[
            { title: '产品分类', dataIndex: 'categoryName' },
            { title: '服务类型', dataIndex: 'serviceTypeName' },
            { title: '产品', dataIndex: 'productName', render: (v: string) => v || '全部产品' },
            { title: '每单加价上限', dataIndex: 'cap', render: (v: number) => <strong>{yuanText(v)}</strong> },
            { title: '最后修改', render: (_, r) => `${r.updatedBy} ${r.updateTime}` },
            ...(canEdit ? [{ title: '操作', render: (_: unknown, r: ExtraFeeCapRow) => <Button type="link" danger size="small" onClick={() => confirm('删除后该类订单的加价都需您确认，确定删除吗？', () => remove.mutateAsync(r.id))}>删除</Button> }] : []),
          ]}
        />
      </Card>
      <Card title="处理规则" style={{ marginBottom: 16 }}>
        {settings.data && (
          <Form form={rulesForm} layout="vertical" initialValues={settings.data} disabled={!canEdit} onFinish={(v) => saveRules.mutateAsync(v)} style={{ maxWidth: 560 }}>
            <Form.Item name="overCap" label="超出剩余上限的加价">
              <Radio.Group options={OVER_CAP.options} />
            </Form.Item>
            <Space align="start">
              <Form.Item name="timeoutHours" label="未处理的加价在多少小时后自动处理" rules={[{ required: true, message: EXTRA_FEE_MSG.timeoutHoursFormat }]}>
                <InputNumber min={1} max={168} precision={0} addonAfter="小时" />
              </Form.Item>
              <Form.Item name="timeoutAction" label="自动处理方式">
                <Radio.Group options={TIMEOUT_ACTION.options} />
              </Form.Item>
            </Space>
            {canEdit && <Button type="primary" htmlType="submit" loading={saveRules.isPending}>保存规则</Button>}
          </Form>
        )}
      </Card>
      <Card title="修改记录">
        <Table
          size="small"
          rowKey="id"
          loading={logs.isPending}
          dataSource={logs.data?.rows ?? []}
          locale={{ emptyText: MSG.emptyList }}
          pagination={{ current: logPage, pageSize: 10, total: logs.data?.total ?? 0, onChange: setLogPage, showSizeChanger: false }}
          columns={[
            { title: '时间', dataIndex: 'createTime', width: 170 },
            { title: '操作人', dataIndex: 'operator' },
            { title: '分类 / 服务 / 产品', render: (_, r) => `${r.categoryName} / ${r.serviceTypeName} / ${r.productName || '全部产品'}` },
            { title: '修改前', dataIndex: 'before', render: (v: number | null) => yuanText(v) },
            { title: '修改后', dataIndex: 'after', render: (v: number | null) => (v === null ? '已删除' : yuanText(v)) },
          ]}
        />
      </Card>
    </div>
  );
}

function CategoryInput({ value, onChange, render }: { value?: number[]; onChange?: (v: number[]) => void; render: (v: number[] | undefined, c: (v: number[]) => void) => React.ReactNode }) {
  return <>{render(value, (v) => onChange?.(v))}</>;
}
function ProductInput({ value, onChange, render }: { value?: number; onChange?: (v: number | undefined) => void; render: (v: number | undefined, c: (v: number | undefined) => void) => React.ReactNode }) {
  return <>{render(value, (v) => onChange?.(v))}</>;
}
