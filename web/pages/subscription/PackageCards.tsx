import { Button } from '../../components/Button';
import { usd, type PackageOffer } from './packages';

export interface PackageCardsProps {
  offers: readonly PackageOffer[];
  onBuy: (offer: PackageOffer) => void;
  onTrial: (offer: PackageOffer) => void;
  /** A trial is being started: its button waits and ignores clicks. */
  trialBusy?: boolean;
}

/** The package cards: price per unit and period, what it includes, Buy (and the free trial while none was taken). */
export function PackageCards({ offers, onBuy, onTrial, trialBusy }: PackageCardsProps) {
  return (
    <ul className="w-packages" aria-label="Packages">
      {offers.map((o) => (
        <li key={o.key} className="w-package">
          <div className="w-package__head">
            <h3 className="w-package__title">{o.title}</h3>
            <p className="w-muted">{o.subtitle}</p>
          </div>
          <p className="w-package__price">
            <strong>{usd(o.price)}</strong>{' '}
            <span className="w-muted">
              / {o.unit} / {o.period}
            </span>
          </p>
          {o.addedPrice !== undefined && (
            <p className="w-muted w-package__added">
              Each {o.unit} added later: {usd(o.addedPrice)} / {o.period}
            </p>
          )}
          <ul className="w-package__features">
            {o.features.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
          <div className="w-package__actions">
            {o.trialType ? (
              <>
                <Button
                  block
                  loading={trialBusy}
                  onClick={() => onTrial(o)}
                  aria-label={`Start free trial: ${o.title}`}
                >
                  Start free trial
                </Button>
                <Button block variant="ghost" onClick={() => onBuy(o)} aria-label={`Skip trial and buy ${o.title}`}>
                  Skip trial and buy
                </Button>
              </>
            ) : (
              <Button block onClick={() => onBuy(o)} aria-label={`Buy ${o.title}`}>
                Buy
              </Button>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
