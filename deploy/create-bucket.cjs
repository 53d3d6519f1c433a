// Creates the attachments bucket when it is missing, then exits: run once before the API replicas
// start (docker-compose.yml), with the API's own S3_* variables.
const path = require('node:path');

const { S3Client, CreateBucketCommand, HeadBucketCommand } = require(
  require.resolve('@aws-sdk/client-s3', { paths: [path.join(__dirname, '..', 'api')] }),
);

async function main() {
  const bucket = process.env.S3_BUCKET;
  if (!bucket) throw new Error('S3_BUCKET is required');
  const client = new S3Client({
    region: process.env.S3_REGION || 'us-east-1',
    endpoint: process.env.S3_ENDPOINT,
    forcePathStyle: process.env.S3_FORCE_PATH_STYLE === '1',
    credentials: {
      accessKeyId: process.env.S3_ACCESS_KEY_ID,
      secretAccessKey: process.env.S3_SECRET_ACCESS_KEY,
    },
  });
  // The store may still be starting: ask again for a minute.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
      console.log(`bucket ${bucket} is there`);
      return;
    } catch (error) {
      if (error?.$metadata?.httpStatusCode === 404) {
        await client.send(new CreateBucketCommand({ Bucket: bucket }));
        console.log(`bucket ${bucket} created`);
        return;
      }
      if (attempt >= 30) throw error;
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
}

main().catch((error) => {
  console.error(error?.message ?? error);
  process.exit(1);
});
