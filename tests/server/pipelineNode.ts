/**
 * An ingestion worker process for the crash tests (tests/server/pipelineCrash.test.ts): the real
 * startServer with the config from the environment (ATLAS_ROLE=worker, ATLAS_FEEDS pointing at a
 * loopback fixture feed), short leases and polls so a killed worker's jobs are retried quickly,
 * and an analyser that fails on articles whose title starts with 'POISON' (the poison article).
 */
import { createOfflineAnalyser } from '../../server/analysis/offline/index';
import { loadConfig } from '../../server/config';
import { exitOnSignals, startServer } from '../../server/main';

const offline = createOfflineAnalyser();
const server = await startServer(loadConfig(), {
  analyser: {
    name: 'offline+poison',
    analyse: (input) =>
      input.title.startsWith('POISON')
        ? Promise.reject(new Error('poison article: the analyser cannot process it'))
        : offline.analyse(input),
  },
  jobs: {
    pollMs: 20,
    queue: { leaseMs: 1_500, maxAttempts: 3, backoffMs: () => 100 },
  },
  pipeline: { tickMs: 200, inFlightRetryMs: 1_000 },
});
exitOnSignals(server);
