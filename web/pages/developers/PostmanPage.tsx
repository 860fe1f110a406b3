import { useState } from 'react';
import { Link } from 'wouter';
import { Button, buttonClass } from '../../components/Button';
import { Card } from '../../components/Card';
import { Icon } from '../../components/Icon';
import { Modal } from '../../components/Modal';
import { brandName, getConfig } from '../../lib/bootstrap';
import { DEV_MSG } from '../../lib/dev-messages';
import { SNACKBAR_MS } from '../../lib/developers';
import { useAction } from '../../lib/use-action';
import { downloadPostman, firstPhoneId } from '../../stores/developers/docs';
import { showToast } from '../../stores/toasts';
import './developers.css';

/** Postman's online workspace (external). */
const POSTMAN_URL = 'https://www.postman.com/';

const IMPORT_STEPS = [
  'Download the collection with the button above: your product ID, token and first phone ID are already filled in.',
  'Open Postman (the desktop app or the online workspace) and choose Import.',
  'Drop the downloaded .json file in, or pick it with Upload Files, then confirm Import.',
  'Open the collection: its variables hold your base URL, product ID, token and phone ID. Change phone_id to use another phone.',
  'Pick a request, e.g. Message Sending Operations → sendMessage, and press Send.',
];

/** /developers/wp_postman_documentation: the Postman collection with the product's values. */
export default function PostmanPage() {
  const [noPhone, setNoPhone] = useState(false);
  const product = brandName(getConfig().brand);
  const toastError = { onError: (text: string) => showToast(text, 'error', SNACKBAR_MS) };
  const download = useAction(downloadPostman, toastError);
  const start = useAction(async () => {
    const first = await firstPhoneId();
    if (first === null) setNoPhone(true);
    else void download.run(first);
  }, toastError);

  return (
    <Card
      title="Postman collection"
      description={`Every call of the ${product} API as a ready-to-run Postman collection.`}
    >
      <div className="w-dev-stack">
        <div className="w-dev-links">
          <Button loading={start.busy || download.busy} onClick={() => void start.run()}>
            <Icon name="download" size={16} />
            Download
          </Button>
          <a className={buttonClass('secondary')} href={POSTMAN_URL} target="_blank" rel="noopener noreferrer">
            <Icon name="external" size={16} />
            Open the Postman workspace
          </a>
        </div>
        <div>
          <h3 className="w-dev-subtitle">Import it into Postman</h3>
          <ol className="w-steps">
            {IMPORT_STEPS.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ol>
        </div>
      </div>
      <Modal
        open={noPhone}
        kind="alert"
        title="No phone yet"
        onClose={() => setNoPhone(false)}
        footer={
          <>
            <Link className={buttonClass('secondary')} href="/">
              {DEV_MSG.addPhone}
            </Link>
            <Button
              onClick={() => {
                setNoPhone(false);
                void download.run(null);
              }}
            >
              Download anyway
            </Button>
          </>
        }
      >
        <p>{DEV_MSG.noPhoneForPostman(product)}</p>
      </Modal>
    </Card>
  );
}
