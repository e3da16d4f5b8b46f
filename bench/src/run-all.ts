import { runAnalyticsBench } from './analytics.bench';
import { runAppendBench } from './append.bench';
import { runCatchUpBench } from './catch-up.bench';
import { runCommerceHttpBench } from './commerce-http.bench';
import { runFormSubmissionBench } from './form-submission.bench';
import { runPageRenderBench } from './page-render.bench';
import { runRecordHitBench } from './record-hit.bench';
import { runRenderBench } from './render.bench';
import { runRestockBench } from './restock.bench';
import { runStartBench } from './start.bench';

/**
 * `npm run bench`: every benchmark, each printing its ratio against a baseline measured in the
 * same run. Results are recorded by hand in docs/BENCHMARKS.md with the machine they ran on.
 */
async function main() {
  console.log('# append throughput');
  await runAppendBench();
  console.log('\n# projection catch-up');
  await runCatchUpBench();
  console.log('\n# analytics projection catch-up and report queries (1,000,000 hits, 90 days)');
  await runAnalyticsBench();
  console.log('\n# add-to-cart and checkout over HTTP (built server)');
  await runCommerceHttpBench();
  console.log('\n# SaveFormSubmission over HTTP (built server)');
  await runFormSubmissionBench();
  console.log('\n# RecordHit over HTTP (built server)');
  await runRecordHitBench();
  console.log('\n# back-in-stock sign-up endpoint and a send of 10,000 (built server, local SMTP)');
  await runRestockBench();
  console.log('\n# template rendering');
  await runRenderBench();
  console.log('\n# published pages with a 200-product store (server time)');
  await runPageRenderBench();
  console.log('\n# npm start on an existing data directory');
  await runStartBench();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
