import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import { ApplyAfterSaleDialog } from '../features/after-sales/components/apply-after-sale-dialog';
import { DuplicateRequestError } from '../lib/api-error';
import { FeatureSlotsProvider, type FeatureSlots } from '../lib/feature-slots';
import { NotifierBridge } from '../lib/notifier';
import { theme } from './theme';

dayjs.locale('zh-cn');

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Only a request refused by the duplicate lock is worth repeating; real errors were shown already.
      retry: (count, error) => error instanceof DuplicateRequestError && count < 3,
      retryDelay: 250,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});

/** Features shown inside other features' screens (lib/feature-slots.tsx). */
const slots: FeatureSlots = { ApplyAfterSaleDialog };

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={zhCN} theme={theme}>
        <AntApp>
          <NotifierBridge />
          <FeatureSlotsProvider slots={slots}>{children}</FeatureSlotsProvider>
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
