import type { Product, User } from '../../lib/bootstrap';
import { CancelModal } from './CancelModal';
import { RestartModal, TrialUnsubscribeModal, UndoCancelModal } from './ConfirmModals';
import type { Dialog, DialogHost } from './dialogs';
import { cancelFirst } from './entries';
import {
  AddPlanModal,
  DisabledPhonesModal,
  TrialChangeModal,
  TrialSuccessModal,
  UnsubscribeModal,
  UpgradingModal,
} from './NoticeModals';
import { PaymentHistoryModal } from './PaymentHistoryModal';
import { PlanChangeModal } from './PlanChangeModal';
import { PurchaseModal } from './PurchaseModal';
import { UpdatePreviewModal } from './UpdatePreviewModal';
import { UpdateQuantityModal } from './UpdateQuantityModal';

export interface SubscriptionDialogsProps {
  dialog: Dialog | null;
  brand: string;
  product: Product;
  user: User | null;
  host: DialogHost;
}

/** The open modal of the subscription page; each is keyed so it starts fresh. */
export function SubscriptionDialogs({ dialog, brand, product, user, host }: SubscriptionDialogsProps) {
  if (!dialog) return null;
  const key = `${dialog.kind}-${'sub' in dialog ? dialog.sub.data.subscription_id : ''}`;
  switch (dialog.kind) {
    case 'purchase':
      return <PurchaseModal key={key} offer={dialog.offer} user={user} host={host} />;
    case 'addPlan':
      return <AddPlanModal key={key} offer={dialog.offer} host={host} />;
    case 'update':
      return (
        <UpdateQuantityModal
          key={key}
          sub={dialog.sub}
          updateLimited={Boolean(product.settings.update_limited)}
          host={host}
        />
      );
    case 'preview':
      return (
        <UpdatePreviewModal
          key={key}
          brand={brand}
          sub={dialog.sub}
          quantity={dialog.quantity}
          preview={dialog.preview}
          settings={product.settings}
          host={host}
        />
      );
    case 'plan':
      return <PlanChangeModal key={key} brand={brand} sub={dialog.sub} host={host} />;
    case 'unsubscribe':
      return (
        <UnsubscribeModal
          key={key}
          sub={dialog.sub}
          first={cancelFirst(brand, dialog.sub, product.activeSubs)}
          host={host}
        />
      );
    case 'cancel':
      return <CancelModal key={key} sub={dialog.sub} host={host} />;
    case 'restart':
      return <RestartModal key={key} sub={dialog.sub} host={host} />;
    case 'undoCancel':
      return <UndoCancelModal key={key} sub={dialog.sub} host={host} />;
    case 'history':
      return <PaymentHistoryModal key={key} sub={dialog.sub} host={host} />;
    case 'trialChange':
      return <TrialChangeModal key={key} brand={brand} sub={dialog.sub} host={host} />;
    case 'trialUnsubscribe':
      return <TrialUnsubscribeModal key={key} host={host} />;
    case 'trialSuccess':
      return <TrialSuccessModal key={key} host={host} />;
    case 'upgrading':
      return <UpgradingModal key={key} host={host} />;
    case 'disabledPhones':
      return <DisabledPhonesModal key={key} ids={dialog.ids} date={dialog.date} host={host} />;
  }
}
