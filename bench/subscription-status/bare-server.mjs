// The yardstick of the subscription-status benchmark: a bare node:http server, in its own process
// like Kasa, answering every request with the same JSON document Kasa's status endpoint returned
// (serialized per request, as a real handler would). Sends its port to the parent once listening.
import { createServer } from 'node:http';

const body = JSON.parse(process.env.STATUS_JSON ?? '{}');

const server = createServer((req, res) => {
  req.resume();
  const json = JSON.stringify(body);
  res.writeHead(200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(json),
  });
  res.end(json);
});
// Node's own default would close idle keep-alive sockets after 5 s; Kasa keeps them 65 s.
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
