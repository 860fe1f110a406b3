import { countOf } from '../../../src/shared/format';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { Loader } from '../../components/Loader';
import { Pagination } from '../../components/Pagination';
import { ToggleGroup } from '../../components/ToggleGroup';
import { DEV_MSG } from '../../lib/dev-messages';
import { pageCount, SNACKBAR_MS } from '../../lib/developers';
import { errorMessage } from '../../lib/messaging-api';
import {
  $deliveries,
  $deliveriesError,
  $deliveryFilter,
  $deliveryPage,
  filterDeliveries,
  loadDeliveries,
  openDeliveries,
  redeliver,
  showDeliveryPage,
  type Delivery,
  type DeliveryFilter,
} from '../../stores/developers/deliveries';
import { showToast } from '../../stores/toasts';
import { DeliveryItem } from './DeliveryItem';

const FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'delivered', label: 'Delivered' },
  { value: 'dead', label: 'Dead' },
] as const satisfies readonly { value: DeliveryFilter; label: string }[];

/** Sends an event again and reloads the page, telling the user how it went. */
async function again(d: Delivery): Promise<void> {
  try {
    await redeliver(d);
    showToast(`Event ${d.event_id} is queued for delivery again.`, 'success', SNACKBAR_MS);
    await loadDeliveries();
  } catch (e) {
    showToast(errorMessage(e), 'error', SNACKBAR_MS);
  }
}

/** Deliveries: the webhook outbox with its attempts; delivered and dead events can be sent again. */
export function Deliveries() {
  const filter = useStore($deliveryFilter);
  const page = useStore($deliveryPage);
  const data = useStore($deliveries);
  const error = useStore($deliveriesError);
  useEffect(openDeliveries, []);
  return (
    <div className="w-dev-stack">
      <div className="w-dev-toolbar">
        <ToggleGroup label="Delivery status" value={filter} options={FILTERS} onChange={filterDeliveries} />
        <Button variant="secondary" size="sm" onClick={() => void loadDeliveries()}>
          <Icon name="refresh" size={16} />
          Refresh
        </Button>
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      {!data ? (
        !error && <Loader label="Loading deliveries…" />
      ) : data.list.length === 0 ? (
        <p className="w-muted w-dev-empty">{DEV_MSG.noMatchingResults}</p>
      ) : (
        <ul className="w-delivery-list">
          {data.list.map((d) => (
            <DeliveryItem key={d.id} delivery={d} onRedeliver={again} />
          ))}
        </ul>
      )}
      {data && data.total > data.limit && (
        <Pagination
          page={page}
          pages={pageCount(data.total, data.limit)}
          onChange={showDeliveryPage}
          summary={countOf(data.total, 'delivery', 'deliveries')}
          label="Delivery pages"
        />
      )}
    </div>
  );
}
