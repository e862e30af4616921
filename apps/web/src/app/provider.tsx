import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { lazy, Suspense, type ComponentProps, type ReactNode } from 'react';
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

// Loaded when first opened: the dialog brings Upload, Radio and Progress, which no first screen needs (decision 164).
const LazyApplyAfterSaleDialog = lazy(() =>
  import('../features/after-sales/components/apply-after-sale-dialog').then((m) => ({ default: m.ApplyAfterSaleDialog })),
);
type ApplyAfterSaleProps = ComponentProps<NonNullable<FeatureSlots['ApplyAfterSaleDialog']>>;

/** Features shown inside other features' screens (lib/feature-slots.tsx). */
const slots: FeatureSlots = {
  ApplyAfterSaleDialog: (props: ApplyAfterSaleProps) => (
    <Suspense fallback={null}>
      <LazyApplyAfterSaleDialog {...props} />
    </Suspense>
  ),
};

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
