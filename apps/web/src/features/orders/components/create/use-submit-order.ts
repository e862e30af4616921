import { App } from 'antd';
import { useState } from 'react';
import { MSG } from '@portal/domain/messages';
import { orderAddBody } from '@portal/domain/orders';
import { PERM } from '@portal/domain/permissions';
import { firstMessage } from '@portal/domain/validation';
import { addOrder } from '../../api/add-order';
import { geocodeAddress } from '../../api/geocode-address';
import { regionLabels, type RegionNode } from '../../api/get-region-tree';
import { getPhoneWarning } from '../../api/show-message';
import { toPayload, type OrderFormValues } from './order-form-values';
import { useQueryClient } from '@tanstack/react-query';
import { orderKeys } from '../../../../lib/order-keys';
import { useAccess } from '../../../../lib/access';

/**
 * Submission steps of spec 02 §5: validate (the domain schema, same as the server), the warning
 * lookup by phone (continue anyway?), geocoding (continue when not located?), then create.
 */
export function useSubmitOrder(tree: RegionNode[] | undefined) {
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const [submitting, setSubmitting] = useState(false);
  // The phone warning lists the customer's orders: an order read, asked only with the list key (decision 115).
  const { can } = useAccess();
  const canReadOrders = can(PERM.orderList);
  const ask = (title: string, content: string, okText: string = MSG.confirm) =>
    new Promise<boolean>((resolve) =>
      modal.confirm({ title, content, okText, cancelText: MSG.cancel, onOk: () => resolve(true), onCancel: () => resolve(false) }),
    );

  const submit = async (values: OrderFormValues): Promise<{ id: number; parole: number } | null> => {
    const names = regionLabels(tree ?? [], values.region ?? []) ?? [];
    const draft = toPayload(values, names, null);
    const check = orderAddBody.safeParse(draft);
    if (!check.success) {
      message.error(firstMessage(check.error));
      return null;
    }
    setSubmitting(true);
    try {
      const warning = canReadOrders ? await getPhoneWarning(draft.phone) : '';
      if (warning && !(await ask(MSG.systemTip, warning, '继续提交'))) return null;
      const geo = await geocodeAddress({ address: `${names.join('')}${draft.detailAddress}`, area: names[2] ?? '', city: names[1] ?? '' });
      if (!geo && !(await ask(MSG.systemTip, MSG.geocodeFailedConfirm))) return null;
      const created = await addOrder(toPayload(values, names, geo));
      await qc.invalidateQueries({ queryKey: orderKeys.all });
      const id = typeof created === 'number' ? created : Number(created.id);
      return { id, parole: values.parole };
    } catch {
      return null;
    } finally {
      setSubmitting(false);
    }
  };
  return { submit, submitting };
}
