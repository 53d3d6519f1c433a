// The S3-compatible server of the storage tests (s3rver), in a process of its own: s3rver encrypts
// its ListObjectsV2 continuation tokens with DES, which Node's OpenSSL 3 offers only with
// --openssl-legacy-provider, a flag a jest worker cannot turn on for itself.
// Arguments: the data folder. Prints {"port":N} once it listens; exits when its parent goes.
const S3rver = require('s3rver');

const [directory] = process.argv.slice(2);
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
server.run().then(
  (address) => process.stdout.write(`${JSON.stringify({ port: address.port })}\n`),
  (error) => {
    process.stderr.write(`${error.stack ?? error}\n`);
    process.exit(1);
  },
);
// The test worker that started it holds stdin open: when it ends, so does this server.
process.stdin.resume();
process.stdin.on('end', () => process.exit(0));
