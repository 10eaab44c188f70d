import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/**
 * A multipart upload client in a process of its own: a test that measures the API's event loop
 * or memory sends large files through it, so the client's own buffers and work never count in
 * the test's process (which is also the API's).
 */
const CLIENT = String.raw`
const [url, token, path, name, type] = process.argv.slice(1);
const boundary = 'kasa-upload-boundary';
const call = require('node:http').request(url, {
  method: 'POST',
  headers: { authorization: 'Bearer ' + token, 'content-type': 'multipart/form-data; boundary=' + boundary },
});
call.on('response', (response) => {
  const chunks = [];
  response.on('data', (chunk) => chunks.push(chunk));
  response.on('end', () => console.log(JSON.stringify({ status: response.statusCode, body: JSON.parse(Buffer.concat(chunks)) })));
});
call.on('error', (error) => console.log(JSON.stringify({ status: 0, body: { error: error.message } })));
call.write('--' + boundary + '\r\nContent-Disposition: form-data; name="file"; filename="' + name + '"\r\nContent-Type: ' + type + '\r\n\r\n');
const file = require('node:fs').createReadStream(path);
file.on('end', () => call.end('\r\n--' + boundary + '--\r\n'));
file.pipe(call, { end: false });
`;

export async function uploadFromChild(
  baseUrl: string,
  token: string,
  path: string,
  name: string,
  type: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const { stdout } = await execFileAsync(
    process.execPath,
    ['-e', CLIENT, `${baseUrl}/api/enhancements/upload`, token, path, name, type],
    { maxBuffer: 1024 * 1024 },
  );
  return JSON.parse(stdout) as { status: number; body: Record<string, unknown> };
}
