// java.net on the embedded JVM against HotSpot (test/java/interp-net): address literals and
// their formatting, lookups of localhost and of an unknown host, the loopback interface, URI
// parsing/resolution/relativization, URL, URLEncoder/Decoder, unresolved socket addresses
// (Addresses); and loopback TCP inside one program (Sockets): an echo server and a client in
// two threads, half close and EOF, accept and read timeouts, a refused connection, a port in
// use, port 0 then getLocalPort, 80 KB each way, a close while another thread accepts, and
// blocking socket channels; and UDP (Datagrams): send and receive, truncation, a receive
// timeout, connected sockets, a receiver thread, datagram channels; a Selector (accept, read,
// wakeup from another thread) and an HTTP server with HttpURLConnection requests (Http). Each program must print exactly what HotSpot prints and exit the
// same way (no port numbers or other per-run values are printed).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { compileJava, REPO, runCli } from '../helpers/java';
import type { CorpusProgram } from '../helpers/corpus';
import { compareWithHotSpot, describeInterpComparison } from '../helpers/interp-corpus';

const SRC = join(REPO, 'test', 'java', 'interp-net');
const classes = compileJava(SRC, ['-encoding', 'UTF-8']);

const CASES = [
  ['net.Addresses', 'InetAddress literals and lookups, NetworkInterface, URI, URL, URLEncoder'],
  ['net.Sockets', 'loopback sockets between threads: echo, EOF, timeouts, refused, channels'],
  ['net.Datagrams', 'loopback UDP: send/receive, truncation, timeout, connected sockets, a receiver thread, channels'],
  ['net.Http', 'a Selector over loopback channels, an HTTP server (com.sun.net.httpserver) and HttpURLConnection'],
] as const;

test('embedded JVM, java.net: the same output as HotSpot', { concurrency: 2 }, async (t) => {
  await Promise.all(
    CASES.map(([main, what]) =>
      t.test(what, async () => {
        const p: CorpusProgram = { name: `interp-net/${main}`, dir: SRC, sources: [], mainClass: main, args: [], jvmArgs: [], javacArgs: [] };
        const r = await compareWithHotSpot(p, classes, { instrument: 'none', timeoutMs: 150_000 });
        assert.deepEqual(r.problems, [], describeInterpComparison(r));
      }),
    ),
  );
});

test('embedded JVM: a thread accepting forever after main ended is reported as a hang (java would wait forever)', () => {
  const r = runCli(['run', '--no-profile', '-cp', classes, 'net.Stuck']);
  assert.equal(r.stdout, 'main ends\n');
  assert.match(r.stderr, /"acceptor":\n {2}waiting on a socket \(accept, read or poll\)/);
  assert.match(r.stderr, /at java\.net\.ServerSocket\.accept\(/);
  assert.match(r.stderr, /the program hangs: "acceptor" waiting on a socket/);
  assert.equal(r.status, 1);
});
