import { WalletOutlined } from '@ant-design/icons';
import { Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useWallet } from '../api/get-wallet';
import { formatYuan } from './money-text';

/** The balance banner of the wallet screens; `extra` goes on the right (top-up button, account). */
export function BalanceCard({ extra }: { extra?: ReactNode }) {
  const wallet = useWallet();
  return (
    <div className="wallet-balance">
      <WalletOutlined className="wallet-balance__icon" aria-hidden />
      <div className="wallet-balance__main">
        <div className="wallet-balance__label">账户余额（元）</div>
        {wallet.isPending ? (
          <Skeleton.Input active size="small" />
        ) : (
          <div className="wallet-balance__value" data-testid="wallet-balance">
            ¥ {formatYuan(wallet.data?.balance ?? 0)}
          </div>
        )}
      </div>
      {extra ? <div className="wallet-balance__extra">{extra}</div> : null}
    </div>
  );
}
