import { useEffect, useState } from 'react';
import { Alert } from '../../components/Alert';
import { Icon } from '../../components/Icon';
import { PHONE_MSG } from '../../lib/phone-messages';
import type { Region } from '../../lib/phones';

/** The regional notice hides after this long (2-phones §9). */
const REGIONAL_NOTICE_MS = 30_000;

export interface NoticesProps {
  /** A phone is being added (until its QR shows). */
  adding: boolean;
  region: Region | null;
  supportEmail: string;
}

/** The page's notices: the adding warning and the timed regional notice with the contact address. */
export function Notices({ adding, region, supportEmail }: NoticesProps) {
  const [regional, setRegional] = useState(region !== null);
  useEffect(() => {
    setRegional(region !== null);
    if (region === null) return;
    const timer = setTimeout(() => setRegional(false), REGIONAL_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [region]);
  if (!adding && !regional) return null;
  return (
    <div className="w-notices">
      {adding && <Alert tone="warning">{PHONE_MSG.addingWarning}</Alert>}
      {regional && region && (
        <div className="w-notice-regional">
          <Alert tone="info">
            {region === 'south-asia' ? PHONE_MSG.southAsia : PHONE_MSG.southAmerica} {PHONE_MSG.contactPrefix}{' '}
            <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
          </Alert>
          <button
            type="button"
            className="w-notice-regional__close"
            aria-label="Dismiss notice"
            onClick={() => setRegional(false)}
          >
            <Icon name="close" size={16} />
          </button>
        </div>
      )}
    </div>
  );
}
