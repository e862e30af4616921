import { PLATFORM_ORDER_ACTIONS, type PlatformOrderAction } from '@portal/domain/orders-platform';

export interface ActionState {
  realStatus: number;
  realNode: number;
  serviceType: number;
  parole: number;
  returnParts: '0' | '1';
  praiseFlag: '0' | '1';
  outWarrantyFee?: number;
}

// Which master/platform moves make sense from the stored state, so the console shows one button per
// legal move (docs/decisions/071). The server's state machine stays the authority: it refuses any
// move that is not legal, whatever the console shows.
const RULES: Record<PlatformOrderAction, (o: ActionState) => boolean> = {
  dispatch: (o) => o.realStatus === 200 && [110, 210, 220, 240].includes(o.realNode),
  confirmAssignment: (o) => o.realStatus === 200 && o.realNode === 220,
  refuseAssignment: (o) => o.realStatus === 200 && [220, 230].includes(o.realNode),
  accept: (o) => o.realStatus === 200 && [220, 230].includes(o.realNode) && o.serviceType !== 5,
  recycleApply: (o) => o.realStatus === 200 && [220, 230].includes(o.realNode) && o.serviceType === 5,
  recycleAccept: (o) => o.realStatus === 210,
  recycleFinish: (o) => o.realStatus === 310,
  appointment: (o) => o.realStatus === 300,
  changeTime: (o) => o.realStatus === 400,
  checkIn: (o) => o.realStatus === 400,
  submitMaterials: (o) => o.realStatus === 500,
  requestParts: (o) => o.realStatus === 500,
  partsArrived: (o) => o.realStatus === 510 && o.realNode === 540,
  requestOutWarrantyPay: (o) => o.realStatus === 500 && o.parole === 2 && o.realNode !== 570,
  outWarrantyPaid: (o) => o.realStatus === 500 && o.realNode === 570,
  requestCompletion: (o) => o.realStatus === 500 && !(o.parole === 2 && o.realNode === 570 && (o.outWarrantyFee ?? 0) > 0),
  approveCompletion: (o) => o.realStatus === 600 && o.realNode === 560,
  rejectCompletion: (o) => o.realStatus === 600 && [560, 562].includes(o.realNode),
  requestReturn: (o) => (o.realStatus === 600 || (o.realStatus === 650 && o.realNode === 634)) && o.returnParts === '1',
  requestPraise: (o) => o.realStatus === 600 && o.praiseFlag === '1' && ![650, 660, 670].includes(o.realNode),
  complete: (o) => o.realStatus === 600 && o.realNode !== 650,
  uploadPictures: (o) => [500, 510, 600, 650, 700].includes(o.realStatus),
};

export const nextPlatformActions = (o: ActionState) => PLATFORM_ORDER_ACTIONS.filter((a) => RULES[a.action](o));
