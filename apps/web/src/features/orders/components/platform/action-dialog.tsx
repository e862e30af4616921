import { Checkbox, DatePicker, Form, Input, Modal, Radio, Select, Space } from 'antd';
import { APPOINT_FAIL_REASONS, APPOINT_SLOTS, APPOINTMENT_MSG } from '@portal/domain/appointments';
import dayjs from 'dayjs';
import { PICTURE_EXT, VIDEO_EXT, fileTypeCode } from '@portal/domain/files';
import { MSG } from '@portal/domain/messages';
import { PLATFORM_ORDER_MSG, type PLATFORM_ORDER_ACTIONS, type PlatformActionBody } from '@portal/domain/orders-platform';
import { UploadField } from '../../../../components/upload';
import { PLATFORM_UPLOADS } from '../../../../platform/lib/platform-request';
import { usePlatformOrderAction } from '../../api/platform-order-action';
import type { PlatformOrderDetail } from '../../api/platform-order';
import { disabledDoorDate } from '../create/order-form-values';
import { MasterPicker } from './master-picker';

type ActionDef = (typeof PLATFORM_ORDER_ACTIONS)[number];

interface Values {
  masterId?: number;
  /** 预约上门 / 改约时间: a date and a slot (issue 46) */
  appointDate?: dayjs.Dayjs;
  appointSlot?: string;
  /** 预约失败: a reason of the fixed list; remarks is its note */
  failReason?: string;
  remarks?: string;
  /** chosen among the order's product pictures and drawings */
  pictures?: string[];
  /** uploaded in the dialog (comma-separated stored paths) */
  uploaded?: string;
  applyAccessories?: string;
  fee?: string;
  expressCompanyName?: string;
  expressNumber?: string;
  expressFee?: string;
  paymentType?: number;
  /** 完工申请 / 回收完工: the customer's visit code, or why the master completes without it (issue 47) */
  visitCode?: string;
  withoutCode?: boolean;
  visitOverride?: string;
}

/** The moves that complete the master's work ask for the customer's visit code (核销码). */
const PROVES_VISIT = new Set(['requestCompletion', 'recycleFinish']);

/**
 * The inputs an action needs (its `needs`), then the move. Pictures are uploaded by the operator or
 * chosen among the order's product pictures and drawings; the server takes no other paths
 * (docs/decisions/097).
 */
export function ActionDialog({ order, def, onClose }: { order: PlatformOrderDetail; def: ActionDef; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const run = usePlatformOrderAction();
  const needs = def.needs as readonly string[];
  // Each picture by what it is, with a thumbnail: its address is a signed link (?expires=…&sig=…), not a name.
  const pictureOptions = order.productList
    .flatMap((l) => [
      { url: l.productPicture, name: `${l.modelName} 产品图` },
      ...[...l.finishedDrawingSelect, ...l.newFinishedDrawing.map((f) => f.fileUrl)].map((url, i) => ({ url, name: `${l.modelName} 完工样图${i + 1}` })),
    ])
    .filter((p) => p.url)
    .filter((p, i, all) => all.findIndex((q) => q.url === p.url) === i)
    .map((p) => ({
      value: p.url,
      title: p.name,
      label: (
        <span className="picture-option">
          <img src={p.url} alt="" width={20} height={20} style={{ objectFit: 'cover', borderRadius: 3, verticalAlign: 'middle', marginRight: 6 }} />
          {p.name}
        </span>
      ),
    }));
  const firstLine = order.productList[0]?.id;
  const picturesRequired = needs.includes('pictures') && def.action !== 'submitMaterials';
  const withoutCode = Form.useWatch('withoutCode', form);
  const failReason = Form.useWatch('failReason', form);

  const submit = async () => {
    // A form that does not validate shows its messages; nothing else to do (never an uncaught rejection).
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const body: Partial<PlatformActionBody> = {};
    if (v.masterId) body.masterId = v.masterId;
    if (v.appointDate) body.appointDate = v.appointDate.format('YYYY-MM-DD');
    if (v.appointSlot) body.appointSlot = v.appointSlot;
    if (v.failReason) body.failReason = v.failReason;
    if (v.remarks) body.remarks = v.remarks.trim();
    const pictures = [...(v.pictures ?? []), ...(v.uploaded ?? '').split(',').filter(Boolean)];
    if (pictures.length) body.pictures = pictures.map((fileUrl) => ({ fileUrl, fileType: fileTypeCode(fileUrl) === 2 ? 2 : 1, orderProductId: def.action === 'requestCompletion' || def.action === 'uploadPictures' ? (firstLine ?? null) : null }));
    if (v.applyAccessories) body.applyAccessories = v.applyAccessories.trim();
    if (v.fee) body.fee = v.fee.trim();
    if (PROVES_VISIT.has(def.action)) {
      if (v.withoutCode) body.visitOverride = v.visitOverride?.trim();
      else body.visitCode = v.visitCode?.trim();
    }
    if (needs.includes('expressCompanyName')) {
      body.expressCompanyName = v.expressCompanyName?.trim();
      body.expressNumber = v.expressNumber?.trim();
      if (v.expressFee) body.expressFee = v.expressFee.trim();
      body.paymentType = v.paymentType ?? 0;
    }
    // A refusal (e.g. 核销码错误) throws: shown by the request layer (lib/shown-refusals.ts), the dialog stays open.
    await run.mutateAsync({ id: order.id, action: def.action, body });
    onClose();
  };

  return (
    <Modal title={def.label} open onCancel={onClose} onOk={submit} confirmLoading={run.isPending} okText={MSG.confirm} cancelText={MSG.cancel} width={needs.includes('masterId') ? 820 : 560} destroyOnHidden>
      <Form form={form} layout="vertical" preserve={false} initialValues={{ paymentType: 0, pictures: pictureOptions.slice(0, 1).map((o) => o.value), appointDate: dayjs().add(1, 'day').startOf('day'), appointSlot: '14-16' }}>
        {needs.length === 0 && <p>确认以师傅/平台身份执行「{def.label}」？</p>}
        {needs.includes('masterId') && (
          <Form.Item name="masterId" label="选择师傅" rules={[{ required: true, message: PLATFORM_ORDER_MSG.masterRequired }]}>
            <MasterPicker order={order} />
          </Form.Item>
        )}
        {needs.includes('appointDate') && (
          <Space.Compact block>
            <Form.Item name="appointDate" label="预约日期" style={{ flex: 1 }} rules={[{ required: true, message: APPOINTMENT_MSG.dateRequired }]}>
              <DatePicker disabledDate={disabledDoorDate} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="appointSlot" label="预约时段" style={{ flex: 1, marginLeft: 8 }} rules={[{ required: true, message: APPOINTMENT_MSG.slotRequired }]}>
              <Select options={APPOINT_SLOTS.map((x) => ({ value: x.value, label: x.label }))} placeholder="两小时时段或半天" data-testid="appoint-slot" />
            </Form.Item>
          </Space.Compact>
        )}
        {needs.includes('failReason') && (
          <Form.Item name="failReason" label="预约失败原因" rules={[{ required: true, message: APPOINTMENT_MSG.failReasonRequired }]}>
            <Select options={APPOINT_FAIL_REASONS.map((x) => ({ value: x.value, label: x.label }))} placeholder="请选择原因" data-testid="fail-reason" />
          </Form.Item>
        )}
        {needs.includes('applyAccessories') && (
          <Form.Item name="applyAccessories" label="所需配件" rules={[{ required: true, whitespace: true, message: PLATFORM_ORDER_MSG.accessoriesRequired }]}>
            <Input.TextArea rows={2} maxLength={400} />
          </Form.Item>
        )}
        {needs.includes('fee') && (
          <Form.Item name="fee" label="保外费用（元）" rules={[{ required: true, pattern: /^[1-9]\d*$/, message: MSG.positiveInteger }]}>
            <Input inputMode="numeric" />
          </Form.Item>
        )}
        {needs.includes('expressCompanyName') && (
          <>
            <Form.Item name="expressCompanyName" label="快递公司" rules={[{ required: true, whitespace: true, message: PLATFORM_ORDER_MSG.expressRequired }]}>
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item name="expressNumber" label="快递单号" rules={[{ required: true, whitespace: true, message: PLATFORM_ORDER_MSG.expressRequired }]}>
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item name="expressFee" label="快递费（元）" rules={[{ pattern: /^\d*$/, message: MSG.positiveInteger }]}>
              <Input inputMode="numeric" />
            </Form.Item>
            <Form.Item name="paymentType" label="快递费支付方">
              <Radio.Group options={[{ value: 0, label: '厂家支付' }, { value: 1, label: '师傅/客户支付' }]} />
            </Form.Item>
          </>
        )}
        {(needs.includes('pictures') || needs.includes('expressCompanyName') || def.action === 'requestParts') && (
          <>
            <Form.Item name="pictures" label="订单产品图片">
              <Select mode="multiple" options={pictureOptions} optionFilterProp="title" placeholder="选择订单产品图片" notFoundContent="该订单没有产品图片" />
            </Form.Item>
            <Form.Item
              name="uploaded"
              label="上传图片"
              dependencies={['pictures']}
              rules={picturesRequired ? [{ validator: (_, uploaded?: string) => (uploaded || form.getFieldValue('pictures')?.length ? Promise.resolve() : Promise.reject(new Error(PLATFORM_ORDER_MSG.picturesRequired))) }] : []}
            >
              <UploadField dir="order" types={[...PICTURE_EXT, ...VIDEO_EXT]} maxCount={9} via={PLATFORM_UPLOADS} />
            </Form.Item>
          </>
        )}
        {PROVES_VISIT.has(def.action) && (
          <>
            {!withoutCode && (
              <Form.Item name="visitCode" label="客户核销码" extra="客户在服务进度页看到的6位数字，由师傅向客户索取" rules={[{ required: true, pattern: /^\d{6}$/, message: '请输入6位客户核销码' }]}>
                <Input inputMode="numeric" maxLength={6} autoComplete="off" />
              </Form.Item>
            )}
            <Form.Item name="withoutCode" valuePropName="checked">
              <Checkbox>客户无法提供核销码（平台代为完工）</Checkbox>
            </Form.Item>
            {withoutCode && (
              <Form.Item name="visitOverride" label="未使用核销码的原因" rules={[{ required: true, whitespace: true, message: '请填写未使用核销码的原因' }, { max: 200, message: '最多输入200个字符' }]}>
                <Input.TextArea rows={2} maxLength={200} />
              </Form.Item>
            )}
          </>
        )}
        {(needs.includes('remarks') || ['refuseAssignment', 'changeTime', 'requestParts', 'appointmentFailed'].includes(def.action)) && (
          <Form.Item
            name="remarks"
            label={def.action === 'appointmentFailed' ? '说明' : '备注'}
            dependencies={['failReason']}
            rules={[{ max: 400, message: '最多输入400个字符' }, ...(failReason === 'other' ? [{ required: true, whitespace: true, message: APPOINTMENT_MSG.failNoteRequired }] : [])]}
          >
            <Input.TextArea rows={2} maxLength={400} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
