import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { lazy, Suspense, useEffect, type ComponentProps, type ReactNode } from 'react';
import { DuplicateRequestError } from '../lib/api-error';
import { FeatureSlotsProvider, type FeatureSlots } from '../lib/feature-slots';
import { bindNotifier } from '../lib/notifier';
import { theme } from './theme';

// This module is loaded with the first screen that needs antd or TanStack Query — never by the
// sign-in screens' first load (decision 183): the router's `frame` route (app/router-root.tsx) and
// the sign-in screens' AntdHost import it lazily.

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

/** Hands the <App>'s message/modal/notification to the request layer (lib/notifier.ts) while mounted. */
function NotifierBridge({ transient = false }: { transient?: boolean }) {
  const appApi = AntApp.useApp();
  useEffect(() => bindNotifier(appApi, { transient }), [appApi, transient]);
  return null;
}

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

/**
 * antd on a sign-in screen, mounted when first needed (a toast, the SMS / register / reset forms):
 * an <App> without a box of its own, so the page's layout does not move; the screen portals its
 * antd forms into place from inside it (app/routes/login.tsx).
 */
export function AntdHost({ children }: { children?: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={zhCN} theme={theme}>
        <AntApp component={false}>
          <NotifierBridge transient />
          {children}
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
