import { PERM } from '@portal/domain/permissions';
import { paths } from '../../config/paths';
import { useAccess } from '../../lib/access';

/** Where the head navigation leads for the signed-in user (spec 01 §2), and what it shows. */
export function useNavTargets() {
  const { can, isMain } = useAccess();
  return {
    home: paths.index.getHref(),
    orders: can(PERM.orderList) ? paths.manage.order.getHref() : paths.manage.product.getHref(),
    wallet: can(PERM.accountList) ? paths.manage.account.getHref() : paths.manage.accountRecharge.getHref(),
    /** 我的钱包 leads to a screen the user may open: the ledger or the top-up (decision 274). */
    showWallet: can(PERM.accountList) || can(PERM.accountRecharge),
    showAccountInfo: isMain || can(PERM.userInfo) || can(PERM.userSafe),
    accountInfo: can(PERM.userInfo)
      ? paths.manage.zhangHaoInfo.getHref()
      : can(PERM.userSafe)
        ? paths.manage.zhangHaoSafety.getHref()
        : paths.manage.zhangHao.getHref(),
    canOrder: can(PERM.orderAdd),
  };
}
