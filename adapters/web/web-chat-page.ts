/**
 * The local chat page of `k8s-ha-bot try` (adapters/web/web-chat.ts): plain HTML and JavaScript,
 * no framework and no build. Every text from the server is put in the page with `textContent`
 * (never as HTML).
 */

/** The page, served at `/`. */
export const WEB_CHAT_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>k8s-ha-bot: try it locally</title>
<style>
  body { font: 14px/1.4 system-ui, sans-serif; margin: 0; display: flex; height: 100vh; }
  #chat { flex: 2; display: flex; flex-direction: column; border-right: 1px solid #ccc; }
  #log { flex: 1; overflow-y: auto; padding: 8px 12px; }
  #side { flex: 1; padding: 8px 12px; overflow-y: auto; }
  form { display: flex; gap: 6px; padding: 8px; border-top: 1px solid #ccc; }
  #text { flex: 1; padding: 6px; }
  .msg { margin: 6px 0; padding: 6px 8px; border-radius: 6px; }
  .mine { background: #eef; }
  .bot { background: #f6f6f6; }
  .who { font-size: 12px; color: #555; }
  .verdict { font-weight: bold; text-transform: uppercase; margin-right: 6px; }
  .v-safe { color: #1a7f37; } .v-caution { color: #9a6700; } .v-unsafe { color: #cf222e; }
  .section h4 { margin: 6px 0 2px; font-size: 13px; }
  .section ul { margin: 0; padding-left: 18px; }
  .actions button { margin: 4px 4px 0 0; }
  table { border-collapse: collapse; width: 100%; }
  td, th { border-bottom: 1px solid #ddd; padding: 3px 4px; text-align: left; font-size: 13px; }
  .down { color: #cf222e; font-weight: bold; } .up { color: #1a7f37; }
  code { font-size: 12px; }
</style>
</head>
<body>
<div id="chat">
  <div id="log" aria-live="polite"></div>
  <form id="form">
    <label>as <select id="user"><option>alice</option><option>bob</option><option>carol</option></select></label>
    <input id="text" autocomplete="off" placeholder="can I reboot atlas-wk-1 · maintain atlas-wk-2 kernel patch · maintain all workers · status · help">
    <button id="send" type="submit">Send</button>
  </form>
</div>
<div id="side">
  <h3>Nodes (simulated cluster)</h3>
  <table><thead><tr><th>node</th><th>Ready</th><th>cordoned</th><th>pods</th><th>bootID</th></tr></thead>
  <tbody id="nodes"></tbody></table>
  <h3>What changed</h3>
  <ol id="changes"></ol>
  <p>Pick who you are in "as", then type a request. A maintenance needs an approval by someone
  else: request it as alice, switch to bob, press Approve. The node is cordoned, drained,
  rebooted (NotReady, a new bootID, Ready) and uncordoned, here on the right.</p>
</div>
<script>
const $ = (id) => document.getElementById(id);
const el = (tag, cls, text) => {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
};
function addSection(box, heading, lines) {
  const s = el('div', 'section');
  if (heading) s.append(el('h4', '', heading));
  const ul = el('ul');
  for (const l of lines) ul.append(el('li', '', l));
  s.append(ul);
  box.append(s);
}
function showReply(data) {
  const r = data.reply;
  const box = el('div', 'msg bot');
  box.dataset.kind = r.kind;
  const head = el('div');
  if (r.verdict) head.append(el('span', 'verdict v-' + r.verdict, r.verdict));
  head.append(el('strong', 'title', r.title));
  box.append(head, el('div', 'summary', r.summary));
  for (const p of r.planes || []) addSection(box, p.heading, [...p.reasons, ...p.stops, ...p.keepsWorking]);
  for (const s of r.sections || []) addSection(box, s.heading, s.lines || []);
  if ((r.advice || []).length) addSection(box, 'What to do', r.advice);
  const details = el('details');
  details.append(el('summary', '', 'Details'), el('pre', '', data.text));
  box.append(details);
  const actions = el('div', 'actions');
  for (const a of r.actions || []) {
    const b = el('button', '', a.label);
    b.dataset.action = a.id;
    b.onclick = () => send({ button: { id: a.id, value: a.value } }, a.label);
    actions.append(b);
  }
  box.append(actions);
  $('log').append(box);
  box.scrollIntoView();
}
async function send(body, shown) {
  const user = $('user').value;
  const mine = el('div', 'msg mine');
  mine.append(el('div', 'who', user), el('div', '', shown));
  $('log').append(mine);
  const res = await fetch('/api/ask', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ...body, user }) });
  const data = await res.json();
  if (!res.ok) { $('log').append(el('div', 'msg bot', data.error || ('HTTP ' + res.status))); return; }
  showReply(data);
}
$('form').onsubmit = (e) => {
  e.preventDefault();
  const text = $('text').value.trim();
  if (!text) return;
  $('text').value = '';
  send({ text }, text);
};
const last = new Map();
function noteChanges(nodes) {
  for (const n of nodes) {
    const was = last.get(n.name);
    last.set(n.name, n);
    if (!was) continue;
    const said = [];
    if (!was.cordoned && n.cordoned) said.push('cordoned');
    if (was.ready === 'True' && n.ready !== 'True') said.push('NotReady');
    if (was.bootID !== n.bootID) said.push('new bootID ' + n.bootID.slice(0, 8));
    if (was.ready !== 'True' && n.ready === 'True') said.push('Ready');
    if (was.cordoned && !n.cordoned) said.push('uncordoned');
    if (was.pods !== n.pods) said.push(n.pods + ' pods');
    for (const what of said) {
      const li = el('li', '', new Date().toLocaleTimeString() + ' ' + n.name + ': ' + what);
      li.dataset.node = n.name;
      li.dataset.change = what.split(' ')[0];
      $('changes').append(li);
    }
  }
}
async function refreshNodes() {
  try {
    const { nodes } = await (await fetch('/api/nodes')).json();
    noteChanges(nodes);
    const rows = nodes.map((n) => {
      const tr = el('tr');
      tr.dataset.node = n.name;
      tr.dataset.ready = n.ready;
      tr.dataset.cordoned = String(n.cordoned);
      tr.dataset.bootId = n.bootID;
      tr.append(el('td', '', n.name), el('td', n.ready === 'True' ? 'up' : 'down', n.ready === 'True' ? 'Ready' : 'NotReady (' + n.ready + ')'),
        el('td', '', n.cordoned ? 'yes' : ''), el('td', '', String(n.pods)));
      const boot = el('td'); boot.append(el('code', '', n.bootID.slice(0, 8))); tr.append(boot);
      return tr;
    });
    $('nodes').replaceChildren(...rows);
  } catch (e) { /* the page keeps the last view while try restarts */ }
}
refreshNodes();
setInterval(refreshNodes, 1000);
</script>
</body>
</html>
`;
