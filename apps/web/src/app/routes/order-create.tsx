import { PlusOutlined } from '@ant-design/icons';
import { PERM } from '@portal/domain/permissions';
import { Breadcrumb, Button, Form, Skeleton, Space } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { fenToYuanText } from '@portal/domain/money';
import { paths } from '../../config/paths';
import { getOrder } from '../../features/orders/api/get-order';
import { useContactInfo } from '../../features/orders/api/get-contact-info';
import { useDiscountContext } from '../../features/orders/api/get-discount-context';
import { useOrderFormProducts } from '../../features/orders/api/get-order-form-products';
import { useOrderFormInfo } from '../../features/accounts/api/get-manufacturer-info';
import { useRegionTree } from '../../features/orders/api/get-region-tree';
import { ContactsCard } from '../../features/orders/components/create/contacts-card';
import { CustomerCard } from '../../features/orders/components/create/customer-card';
import { LogisticsCard } from '../../features/orders/components/create/logistics-card';
import { emptyLine, fromOrder, initialValues, type OrderFormValues } from '../../features/orders/components/create/order-form-values';
import { OrderPlaced } from '../../features/orders/components/create/order-placed';
import { OtherServicesCard } from '../../features/orders/components/create/other-services-card';
import { ProductCard } from '../../features/orders/components/create/product-card';
import { computeOrderPrice } from '../../features/orders/components/create/use-order-price';
import { useSubmitOrder } from '../../features/orders/components/create/use-submit-order';
import { ExpensePopover } from '../../features/orders/components/expense-popover';
import { useAccess } from '../../lib/access';
import '../../features/orders/components/orders.css';

/** Default door time 15:30 (spec 02 §5): today if still ahead, else tomorrow. */
const defaultDoorTime = () => {
  const today = dayjs().hour(15).minute(30).second(0).millisecond(0);
  return today.isAfter(dayjs()) ? today : today.add(1, 'day');
};

/** /orderCreate (spec 02 §2.2): from scratch, type=quicklyOrder (a product tile) or type=againOrder (id). */
export default function OrderCreateScreen() {
  const [form] = Form.useForm<OrderFormValues>();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  // The passed products an order may use, under the create key (decision 280; spec 02 §7's isCheck=1, pageSize 9999).
  const products = useOrderFormProducts();
  // Addresses, technical contacts and discount switches, under the create key too (decision 282).
  const info = useOrderFormInfo();
  const contact = useContactInfo();
  const tree = useRegionTree();
  const [placed, setPlaced] = useState<{ id: number; awaitingPayment: boolean } | null>(null);
  const { can } = useAccess();
  const prefilled = useRef(false);
  const values = Form.useWatch((v: OrderFormValues) => v, form) as Partial<OrderFormValues> | undefined;
  const districtId = values?.region?.[2];
  const discount = useDiscountContext(info.data, districtId);
  const productMap = useMemo(() => new Map((products.data ?? []).map((p) => [p.id, p])), [products.data]);
  const price = values ? computeOrderPrice(values, productMap, discount) : null;
  const { submit, submitting } = useSubmitOrder(tree.data);

  // Prefill once the lookups are there: contacts always, then the quick-order tile or the earlier order.
  useEffect(() => {
    if (prefilled.current || !products.data || contact.isPending || info.isPending) return;
    prefilled.current = true;
    form.setFieldsValue({
      contactName: contact.data?.contactName ?? '',
      contactPhone: contact.data?.contactPhone ?? '',
      technicalContacts: (info.data?.technicalUserVoList ?? []).map((t) => ({ name: t.name, phone: t.phone })),
      doorTime: defaultDoorTime(),
    });
    const type = search.get('type');
    if (type === 'quicklyOrder' && search.get('productId')) {
      const parole = Number(search.get('parole')) === 2 ? 2 : 1;
      form.setFieldsValue({
        parole,
        serviceType: Number(search.get('serviceType')) || undefined,
        productList: [
          {
            ...emptyLine(),
            productId: Number(search.get('productId')),
            number: Math.min(10, Math.max(1, Number(search.get('number')) || 1)),
            maintenanceType: Number(search.get('maintenanceType')) || undefined,
          },
        ],
      });
    } else if (type === 'againOrder' && search.get('id')) {
      void getOrder(search.get('id')!).then((o) => form.setFieldsValue({ ...fromOrder(o), doorTime: defaultDoorTime() }));
    }
  }, [products.data, contact.isPending, contact.data, info.isPending, info.data, search, form]);

  const onSubmit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const created = await submit(form.getFieldsValue(true) as OrderFormValues);
    if (!created) return;
    if (created.parole === 2) setPlaced({ id: created.id, awaitingPayment: false });
    // The payment screen reads the order: it needs the list key and the pay key (decision 115).
    else if (!can(PERM.orderList) || !can(PERM.orderPay)) setPlaced({ id: created.id, awaitingPayment: true });
    else navigate(paths.orderPay.getHref(created.id));
  };

  if (placed !== null) {
    return <OrderPlaced id={placed.id} awaitingPayment={placed.awaitingPayment} onAnother={() => { setPlaced(null); prefilled.current = false; form.resetFields(); }} />;
  }
  const rows = products.data ?? [];
  const expenseLines = (price?.expenses ?? []).map((e) => ({ name: e.name, amount: fenToYuanText(e.price), type: e.type }));
  const total = price ? fenToYuanText(price.totalFen) : '0.00';

  return (
    <div className="order-create" data-testid="order-create">
      <Breadcrumb style={{ marginBottom: 16 }} items={[{ title: <Link to={paths.index.getHref()}>首页</Link> }, { title: '一键下单' }]} />
      {products.isPending ? (
        <Skeleton active paragraph={{ rows: 12 }} />
      ) : (
        <Form form={form} layout="vertical" initialValues={initialValues()} scrollToFirstError>
          <ProductCard form={form} products={rows} />
          <CustomerCard form={form} />
          <LogisticsCard form={form} products={rows} />
          <ContactsCard />
          <OtherServicesCard form={form} info={info.data} />
          <div className="order-create__footer">
            <Button
              icon={<PlusOutlined />}
              onClick={() => {
                const list = (form.getFieldValue('productList') as OrderFormValues['productList']) ?? [];
                form.setFieldValue('productList', [...list, emptyLine()]);
              }}
              data-action="add-product"
            >
              添加产品
            </Button>
            <Space size={24}>
              <span className="order-create__total">
                合计：
                <ExpensePopover lines={expenseLines} total={total}>
                  <strong data-testid="create-total">￥{total}</strong>
                </ExpensePopover>
              </span>
              <Button type="primary" size="large" loading={submitting} onClick={() => void onSubmit()} data-action="submit-order">
                提交订单
              </Button>
            </Space>
          </div>
        </Form>
      )}
    </div>
  );
}
