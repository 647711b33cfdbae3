// The panel's looks: plain, legible in Redoc's light and dark modes, focus always visible. The
// dialog keeps its top where it opened (not centred), so content that fills in below Send (the
// samples, the answer) never moves Send from under the pointer.
const css = `
.try-it-button{margin:0 0 0 12px;padding:2px 10px;font:inherit;font-size:14px;border:1px solid currentColor;border-radius:4px;background:transparent;color:inherit;cursor:pointer;vertical-align:middle}
.try-it-panel{width:min(760px,94vw);max-height:92vh;overflow:auto;margin:4vh auto auto;padding:16px 20px;border:1px solid #888;border-radius:8px;font:14px/1.45 system-ui,sans-serif}
.try-it-panel [hidden]{display:none!important}
.try-it-panel button{font:inherit;padding:3px 12px;border:1px solid #888;border-radius:4px;background:rgb(127 127 127 / .1);color:inherit;cursor:pointer;justify-self:start}
.try-it-panel button:disabled{opacity:.5;cursor:default}
.try-it-panel::backdrop{background:rgb(0 0 0 / .35)}
.try-it-panel :focus-visible,.try-it-button:focus-visible{outline:2px solid #2563eb;outline-offset:2px}
.try-it-head{display:flex;justify-content:space-between;align-items:center;gap:12px}
.try-it-head h2{margin:0;font-size:18px}
.try-it-panel fieldset{margin:10px 0;border:1px solid #bbb;border-radius:6px}
.try-it-choice{margin-right:16px}
.try-it-field,.try-it-panel fieldset>div{display:grid;gap:4px;margin:6px 0}
.try-it-panel input[type=text],.try-it-panel input[type=url],.try-it-panel input[type=password],.try-it-panel select,.try-it-panel textarea{font:13px ui-monospace,monospace;padding:4px}
.try-it-panel textarea{width:100%;box-sizing:border-box}
.try-it-panel small{opacity:.75}
.try-it-panel pre{max-height:320px;overflow:auto;padding:8px;background:rgb(127 127 127 / .12);white-space:pre-wrap;word-break:break-word}
.try-it-status{font-weight:600}
.try-it-send{display:flex;gap:8px;margin:8px 0}
.try-it-cut{font-weight:600}
`;

export function addStyles(): void {
  const style = document.createElement("style");
  style.textContent = css;
  document.head.append(style);
}
