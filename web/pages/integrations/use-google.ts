import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $google, $googleError, loadGoogle, unlinkGoogle, type IntegrationPage } from '../../stores/integrations';
import { showToast } from '../../stores/toasts';

/** The linked Google account of a page, and what Google's consent reported on the way back (`?google=linked`, `?google_error=`). */
export function useGoogle(page: IntegrationPage) {
  const status = useStore($google);
  const error = useStore($googleError);
  useEffect(() => {
    void loadGoogle(page);
    const query = new URLSearchParams(window.location.search);
    if (query.get('google') === 'linked') showToast('Your Google account is authorised.', 'success');
    const failed = query.get('google_error');
    if (failed) showToast(failed, 'error');
    if (query.has('google') || failed) window.history.replaceState(null, '', page);
  }, [page]);
  return {
    status,
    error,
    authorise: (authUrl: string) => window.location.assign(authUrl),
    unlink: () =>
      void unlinkGoogle(page).catch((e: unknown) => showToast(e instanceof Error ? e.message : String(e), 'error')),
  };
}
