const KEY = 'wapi.live.notify';

/** Whether the agent opted in to notifications on this browser (and the browser still allows them). */
export function notifyEnabled(): boolean {
  return (
    typeof Notification !== 'undefined' && Notification.permission === 'granted' && localStorage.getItem(KEY) === '1'
  );
}

/** Asks the browser's permission and remembers the choice; resolves to whether notifications are on. */
export async function setNotify(on: boolean): Promise<boolean> {
  if (!on || typeof Notification === 'undefined') {
    localStorage.removeItem(KEY);
    return false;
  }
  const granted = (await Notification.requestPermission()) === 'granted';
  if (granted) localStorage.setItem(KEY, '1');
  return granted;
}

/** A short two-tone beep made with Web Audio (no sound file to load). */
function beep(): void {
  const Ctx =
    window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctx) return;
  const ctx = new Ctx();
  const gain = ctx.createGain();
  gain.gain.setValueAtTime(0.15, ctx.currentTime);
  gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.35);
  gain.connect(ctx.destination);
  [880, 660].forEach((f, i) => {
    const osc = ctx.createOscillator();
    osc.frequency.value = f;
    osc.connect(gain);
    osc.start(ctx.currentTime + i * 0.15);
    osc.stop(ctx.currentTime + i * 0.15 + 0.15);
  });
  setTimeout(() => void ctx.close(), 600);
}

/** Tells an opted-in agent that a conversation is waiting: a browser notification and the beep. */
export function notifyWaiting(count: number): void {
  if (!notifyEnabled()) return;
  new Notification('New waiting conversation', { body: `${count} waiting`, tag: 'wapi-live-waiting' });
  beep();
}
