import { CheckCircleFilled, LeftOutlined } from '@ant-design/icons';
import { App, Breadcrumb, Button, Card, Form, Input, InputNumber } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PICTURE_EXT, VIDEO_EXT } from '@portal/domain/files';
import { PRICE_FIELDS, PRICE_LABEL, type PriceField } from '@portal/domain/enums';
import { MSG } from '@portal/domain/messages';
import { PERM } from '@portal/domain/permissions';
import { optionalPositiveInt, type ProductFile } from '@portal/domain/products';
import { optionalPhone } from '@portal/domain/validation';
import { UploadField } from '../../../components/upload';
import { paths } from '../../../config/paths';
import { RequirePermission } from '../../../features/access/components/require-permission';
import { zodRule } from '../../../lib/form-rules';
import { useAddProduct, type AddProductBody } from '../../../features/products/api/add-product';
import { CategoryCascader } from '../../../features/products/components/category-cascader';
import { FileItemsField } from '../../../components/file-items/file-items-field';
import '../../../features/products/components/products.css';

type FormValues = {
  category?: number[];
  modelName?: string;
  productPicture?: string;
  productVideo?: ProductFile[];
  finishedDrawing?: ProductFile[];
  name?: string;
  phone?: string;
} & Partial<Record<PriceField, number | null>>;

const CATEGORY_DEPTH = 3;
const blank = (v: unknown) => v === undefined || v === null || v === '';

/** 添加产品 (spec 02 §2.7, §5 Add product). */
/** 添加产品 needs its key: a typed URL shows 没有权限 to a sub-account without it. */
export default function ProductAddScreen() {
  return (
    <RequirePermission perm={PERM.productAdd}>
      <ProductAdd />
    </RequirePermission>
  );
}

function ProductAdd() {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<FormValues>();
  const [priceError, setPriceError] = useState<string | null>(null);
  const add = useAddProduct();
  const back = () => navigate(paths.manage.product.getHref());

  const submit = async (v: FormValues) => {
    if (PRICE_FIELDS.every((f) => blank(v[f]))) return setPriceError(MSG.priceAtLeastOne);
    const name = v.name?.trim() ?? '';
    const phone = v.phone?.trim() ?? '';
    const body: AddProductBody = {
      categoryId: v.category![CATEGORY_DEPTH - 1]!,
      modelName: v.modelName!.trim(),
      productPicture: v.productPicture ?? '',
      productVideo: v.productVideo ?? [],
      finishedDrawing: v.finishedDrawing ?? [],
      // The instructor is sent only when both are filled (spec 02 §5).
      ...(name && phone ? { name, phone } : {}),
    };
    for (const f of PRICE_FIELDS) if (!blank(v[f])) body[f] = Number(v[f]);
    await add.mutateAsync(body);
    // A success, so a success icon: confirm's default is the warning sign.
    modal.confirm({
      icon: <CheckCircleFilled style={{ color: 'var(--ant-color-success, #52c41a)' }} />,
      title: MSG.systemTip,
      content: MSG.submitOkContinue,
      okText: '继续添加',
      cancelText: '返回',
      onOk: () => {
        form.resetFields();
        setPriceError(null);
      },
      onCancel: back,
    });
  };

  return (
    <Card variant="borderless">
      <div className="product-add__head">
        <Breadcrumb
          items={[
            { title: <Link to={paths.index.getHref()}>首页</Link> },
            { title: <Link to={paths.manage.product.getHref()}>产品管理</Link> },
            { title: '添加产品' },
          ]}
        />
        <Button type="link" icon={<LeftOutlined />} onClick={back}>
          返回
        </Button>
      </div>
      <Form<FormValues>
        form={form}
        labelCol={{ flex: '120px' }}
        wrapperCol={{ flex: 'auto' }}
        style={{ maxWidth: 820 }}
        onFinish={submit}
        onValuesChange={(changed) => {
          if (PRICE_FIELDS.some((f) => f in changed)) setPriceError(null);
        }}
        scrollToFirstError
      >
        <div className="product-form-section">产品信息</div>
        <Form.Item
          label="产品分类"
          name="category"
          required
          // The spec's message is 请选择产品 (the category names the product); the help says how deep.
          extra="选择到最后一级分类，即所添加的产品"
          rules={[{ validator: async (_, path?: number[]) => { if (!path || path.length < CATEGORY_DEPTH) throw new Error(MSG.productRequired); } }]}
        >
          <CategoryCascader placeholder="请选择产品分类" style={{ width: 360 }} />
        </Form.Item>
        <Form.Item label="型号名称" name="modelName" rules={[{ required: true, whitespace: true, message: MSG.modelNameRequired }, { max: 50, message: '型号名称最多50个字符' }]}>
          <Input placeholder={MSG.modelNameRequired} maxLength={50} style={{ width: 360 }} />
        </Form.Item>
        <Form.Item label="产品图片" name="productPicture" extra="限1张，支持png/jpg/jpeg格式">
          <UploadField dir="product" types={PICTURE_EXT} maxCount={1} buttonText="上传图片" />
        </Form.Item>
        <Form.Item label="操作视频" name="productVideo" extra="可添加多个，支持mp4/avi/wmv格式">
          <FileItemsField types={VIDEO_EXT} dialogTitle="上传操作视频" buttonText="添加视频" />
        </Form.Item>
        <Form.Item label="完工样图" name="finishedDrawing" extra="可添加多张，支持png/jpg/jpeg格式">
          <FileItemsField types={PICTURE_EXT} dialogTitle="上传完工样图" buttonText="添加样图" />
        </Form.Item>

        <div className="product-form-section">服务价格（保内，单位：元）</div>
        <div className="product-price-grid">
          {PRICE_FIELDS.map((f) => (
            <Form.Item key={f} label={PRICE_LABEL[f]} name={f} rules={[zodRule(optionalPositiveInt)]} labelCol={{ flex: '150px' }}>
              {/* No min or precision: they would quietly turn -5 into 1 and 1.5 into 2; the rule refuses them (请输入正整数). */}
              <InputNumber placeholder="请输入价格" suffix="元" style={{ width: 170 }} />
            </Form.Item>
          ))}
        </div>
        {priceError && (
          <Form.Item label=" " colon={false}>
            <Form.ErrorList errors={[priceError]} />
          </Form.Item>
        )}

        <div className="product-form-section">技术指导</div>
        <Form.Item label="姓名" name="name" rules={[{ max: 30, message: '姓名最多30个字符' }]}>
          <Input placeholder="请输入技术指导姓名" maxLength={30} style={{ width: 360 }} />
        </Form.Item>
        <Form.Item label="电话" name="phone" rules={[zodRule(optionalPhone)]} extra="姓名和电话都填写时才会保存">
          <Input placeholder="请输入技术指导手机号" maxLength={11} style={{ width: 360 }} />
        </Form.Item>
        <Form.Item label=" " colon={false}>
          <Button type="primary" htmlType="submit" loading={add.isPending} style={{ minWidth: 120 }}>
            提交
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
