// The baseline: a bare node:http server that answers every request with fixed bytes (the same
// bytes the fake sends for the measured request), so a ratio compares only the work around them.
const { createServer } = require('node:http');
const { readFileSync } = require('node:fs');

const body = process.argv[2] ? readFileSync(process.argv[2]) : Buffer.from('{"status":"ok"}');
createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Pragma', 'no-cache');
    res.end(body);
  });
}).listen(Number(process.env.PORT ?? 0), '127.0.0.1', function () {
  process.stdout.write(`listening on http://127.0.0.1:${this.address().port}\n`);
});
