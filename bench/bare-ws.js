// The realtime baseline: a bare node:http + ws server with the fake's own bytes. POST /post
// answers a fixed body and pushes a fixed frame (the fake's stream frame) to every socket; each
// frame a socket sends is answered with fixed frames (every frame the fake sent back for one
// sendMessage: its stream frame, `updated`, `result`). So a ratio compares only the work around
// the bytes: the fake's store, streams and journal.
const { createServer } = require('node:http');
const { readFileSync } = require('node:fs');
const { WebSocketServer } = require('ws');

const pushed = readFileSync(process.argv[2]);
const answers = process.argv.slice(3).map((file) => readFileSync(file));
const sockets = new Set();
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    if (req.method === 'POST') for (const ws of sockets) ws.send(pushed);
    res.setHeader('Content-Type', 'application/json');
    res.end('{"success":true}');
  });
});
const wss = new WebSocketServer({ server });
wss.on('connection', (ws) => {
  sockets.add(ws);
  ws.on('message', () => {
    for (const frame of answers) ws.send(frame);
  });
  ws.on('close', () => sockets.delete(ws));
});
server.listen(0, '127.0.0.1', function () {
  process.stdout.write(`listening on http://127.0.0.1:${this.address().port}\n`);
});
