import http from 'node:http';

// The create + pay clients' requests. node:http on keep-alive sockets instead of fetch: the load
// generator shares the 2 cores with the server, and fetch's streams cost the bench process ~2× the
// CPU a request (bench/README.md, orders.ts, session 11).
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** POSTs `body` to `url` with `headers` and resolves with the parsed JSON answer. */
export function postJson(url: string, headers: Record<string, string>, body: string): Promise<any> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        } catch (e) {
          reject(e);
        }
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}
