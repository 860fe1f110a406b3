import { Modal } from '../../components/Modal';
import { SHORTCUTS } from './shortcuts';

/** The `?` overlay: every keyboard shortcut of the inbox. */
export function KeyboardHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} title="Keyboard shortcuts" onClose={onClose}>
      <dl className="w-team__keys">
        {SHORTCUTS.map((s) => (
          <div key={s.action}>
            <dt>
              {s.keys.map((k, i) => (
                <span key={k}>
                  {i > 0 && ' or '}
                  <kbd>{k}</kbd>
                </span>
              ))}
            </dt>
            <dd>{s.label}</dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}
