import { useEffect, useRef, useState } from 'react';
import { isStarting } from '../../lib/phones';

/** Screen auto-refresh (2-phones §4.2): every 20 s, or every 5 s while loading, in QR state or disabled. */
const SCREEN_REFRESH_MS = 20_000;
const SCREEN_REFRESH_FAST_MS = 5_000;

/** The auto-refresh interval for a status. */
export function screenRefreshMs(status: string): number {
  return isStarting(status) || status === 'qr-screen' || status === 'disabled'
    ? SCREEN_REFRESH_FAST_MS
    : SCREEN_REFRESH_MS;
}

export interface PhoneScreenProps {
  src: string;
  alt: string;
  status: string;
  /** Shown in the frame's title bar. */
  caption?: string;
  /** The image loaded (drives the progress bar's last stage). */
  onLoad?: () => void;
  /** Time for a new image; not called while `paused` (the QR countdown refreshes instead). */
  onTick: () => void;
  paused?: boolean;
}

/** The phone's screen image (QR, pairing code, chat list or a status card), refreshed on a timer. */
export function PhoneScreen({ src, alt, status, caption, onLoad, onTick, paused }: PhoneScreenProps) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const tick = useRef(onTick);
  tick.current = onTick;
  useEffect(() => {
    if (paused) return;
    const timer = setInterval(() => tick.current(), screenRefreshMs(status));
    return () => clearInterval(timer);
  }, [status, paused]);
  return (
    <figure className="w-screen" data-state={state}>
      <div className="w-screen__bar" aria-hidden="true">
        <span className="w-screen__dots" />
        {caption && <span className="w-screen__caption">{caption}</span>}
      </div>
      <img
        className="w-screen__img"
        src={src}
        alt={alt}
        width={960}
        height={600}
        onLoad={() => {
          setState('loaded');
          onLoad?.();
        }}
        onError={() => setState((s) => (s === 'loaded' ? s : 'failed'))}
      />
      {state === 'loading' && <span className="w-screen__overlay w-spinner" aria-hidden="true" />}
      {state === 'failed' && (
        <figcaption className="w-screen__overlay w-screen__failed">
          The screen could not be loaded. It is retried shortly.
        </figcaption>
      )}
    </figure>
  );
}
