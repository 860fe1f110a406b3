/**
 * The tools' stylesheet, every rule under `.wt` so that inside the console it touches nothing else;
 * inside a shadow root `:host` resets what the host page would pass down by inheritance.
 */
export const TOOL_CSS = `:host{all:initial;display:block}
.wt{box-sizing:border-box;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2933;display:grid;gap:12px;max-width:720px}
.wt *,.wt *::before,.wt *::after{box-sizing:border-box}
.wt-field{display:grid;gap:4px;font-weight:600;font-size:14px}
.wt input,.wt textarea,.wt select{font:inherit;font-weight:400;padding:8px 10px;border:1px solid #aab4be;border-radius:6px;background:#fff;color:inherit;width:100%}
.wt textarea{resize:vertical;min-height:96px}
.wt input:focus-visible,.wt textarea:focus-visible,.wt button:focus-visible{outline:3px solid #1a73e8;outline-offset:1px}
.wt-row{display:flex;flex-wrap:wrap;gap:8px;align-items:center}
.wt button{font:inherit;font-weight:600;padding:8px 14px;border-radius:6px;border:1px solid #0d7468;background:#0d7468;color:#fff;cursor:pointer}
.wt button.wt-quiet{background:#fff;color:#0b6b5f}
.wt button[aria-pressed=true]{background:#0b6b5f;color:#fff}
.wt button:disabled{opacity:.5;cursor:not-allowed}
.wt pre,.wt output{display:block;margin:0;padding:10px;border-radius:6px;background:#f3f5f7;font:13px/1.45 ui-monospace,Menlo,Consolas,monospace;white-space:pre-wrap;word-break:break-all;max-height:320px;overflow:auto}
.wt-warn{margin:0;padding:8px 10px;border-radius:6px;background:#fff4e5;color:#7a4100}
.wt-hint{margin:0;font-weight:400;font-size:13px;color:#52606d}
.wt-error{margin:0;font-weight:600;font-size:13px;color:#b3261e}
.wt [aria-invalid=true]{border-color:#b3261e}
.wt-notice{margin:0;min-height:1.5em;color:#0b6b5f;font-weight:600}
.wt-qr{display:grid;place-items:center;width:216px;height:216px;padding:8px;border:1px solid #dde3e8;border-radius:8px;background:#fff;text-align:center;font-size:13px;color:#52606d}
.wt-preview{padding:10px;border:1px solid #dde3e8;border-radius:6px;min-height:48px;white-space:pre-wrap}
.wt code{font-family:ui-monospace,Menlo,Consolas,monospace;background:#f3f5f7;padding:0 3px;border-radius:3px}
.wt-tabs{display:flex;gap:4px}
.wt-img{max-width:100%;max-height:240px}
.wt-dialog{display:grid;gap:8px;padding:12px;border:1px solid #dde3e8;border-radius:8px}`;
