import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { Card } from '../../components/Card';
import { Loader } from '../../components/Loader';
import { campaignFields, type CampaignFormValues } from '../../lib/campaign-form';
import {
  $campaigns,
  createCampaign,
  createCampaignFromFile,
  loadCampaigns,
  previewFile,
  recipientsAsAudience,
  type Created,
} from '../../stores/campaigns';
import { $phones, $phonesLoaded, loadPhones } from '../../stores/phones';
import { showToast } from '../../stores/toasts';
import type { Audience } from './AudienceSection';
import { CampaignForm } from './CampaignForm';

/** What creating told: how many recipients, and those left out. */
function createdText(c: Created): string {
  const out = [
    c.invalid && `${c.invalid} invalid`,
    c.duplicates && `${c.duplicates} duplicates`,
    c.opted_out && `${c.opted_out} opted out`,
  ].filter(Boolean);
  return `Campaign created for ${c.total} recipients${out.length ? ` (${out.join(', ')})` : ''}.`;
}

/** /campaigns/new: the create flow (issue 41). */
export default function NewCampaignPage() {
  const phones = useStore($phones);
  const loaded = useStore($phonesLoaded);
  const campaigns = useStore($campaigns);
  const [, navigate] = useLocation();
  useEffect(() => {
    void loadPhones();
    void loadCampaigns();
  }, []);
  const submit = async (v: CampaignFormValues, audience: Audience) => {
    const fields = campaignFields(v);
    const created =
      v.source === 'file' && audience.file
        ? await createCampaignFromFile(fields, audience.file, v.numberColumn)
        : await createCampaign(fields, audience.entries);
    showToast(createdText(created), 'success');
    void loadCampaigns();
    navigate(`/campaigns/${created.id}`);
  };
  if (!loaded) return <Loader />;
  return (
    <Card title="New campaign">
      <CampaignForm
        phones={phones}
        campaigns={campaigns ?? []}
        onSubmit={submit}
        readFile={previewFile}
        loadPrevious={recipientsAsAudience}
      />
    </Card>
  );
}
