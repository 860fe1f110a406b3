import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import { phoneTitle } from '../../lib/phones';
import { usePoll } from '../../lib/use-poll';
import { $campaigns, $campaignsError, loadCampaigns } from '../../stores/campaigns';
import { $phones, loadPhones } from '../../stores/phones';
import { CampaignList } from './CampaignList';

/** How often the list is read again while a campaign on it runs (ours). */
const LIST_POLL_MS = 5_000;

/** /campaigns: the product's campaigns (issue 41). */
export default function CampaignsPage() {
  const campaigns = useStore($campaigns);
  const error = useStore($campaignsError);
  const phones = useStore($phones);
  useEffect(() => {
    void loadCampaigns();
    void loadPhones();
  }, []);
  const running = (campaigns ?? []).some((c) => c.status === 'running' || c.status === 'scheduled');
  usePoll(loadCampaigns, LIST_POLL_MS, running);
  const names = useMemo(() => Object.fromEntries(phones.map((p) => [p.id, phoneTitle(p)])), [phones]);
  return <CampaignList campaigns={campaigns} error={error} phones={names} onRetry={() => void loadCampaigns()} />;
}
