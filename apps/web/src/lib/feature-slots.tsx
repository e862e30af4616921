import { createContext, useContext, type ComponentType, type ReactNode } from 'react';

/**
 * Pieces one feature shows inside another's screen. Features never import each other (issue #16,
 * decision 133): the app (app/provider.tsx) fills these slots with the owning feature's component.
 */
export interface FeatureSlots {
  /** The after-sales application dialog, opened from an order's action bar. */
  ApplyAfterSaleDialog?: ComponentType<{ orderId: number; orderNo: string; open: boolean; onClose: () => void; slaBreaches?: number }>;
}

const SlotsContext = createContext<FeatureSlots>({});

export function FeatureSlotsProvider({ slots, children }: { slots: FeatureSlots; children: ReactNode }) {
  return <SlotsContext.Provider value={slots}>{children}</SlotsContext.Provider>;
}

export const useFeatureSlots = () => useContext(SlotsContext);
