/**
 * A server process for the real-time tests and benchmark: server/main.ts's startServer with the
 * config from the environment, plus a line-based command channel on stdin, because events are
 * announced in the process that commits them:
 *   token <role>            -> prints "token <jwt>" (a new user with a real access token)
 *   publish <n>             -> publishes article n, prints "published <seq>"
 *   burst <from> <count> <intervalMs> -> publishes articles from..from+count-1, one per interval,
 *                              prints "burst-done <lastSeq>"
 *   stream <from> <intervalMs> -> publishes one article per interval until the process dies
 * With ATLAS_STANDBY=1 the process loads everything, prints "standby" and starts the server only
 * on the command "start": a warm standby that takes over a port the moment it is freed.
 */
import { createInterface } from 'node:readline';
import type { FastifyInstance } from 'fastify';
import type { Role } from '../../data/permissions';
import { loadConfig } from '../../server/config';
import { exitOnSignals, startServer } from '../../server/main';
import { makeArticle } from './realtimeHelpers';

let app: FastifyInstance | null = null;
let users = 0;

async function start(): Promise<FastifyInstance> {
  const server = await startServer(loadConfig());
  exitOnSignals(server);
  app = server.app;
  return server.app;
}

function running(): FastifyInstance {
  if (app === null) throw new Error('server not started');
  return app;
}

async function publish(n: number): Promise<number> {
  const event = await running().articleEvents.publish({
    kind: 'article:new',
    articleId: `rt-${n}`,
    payload: { ...makeArticle(n), createdAt: new Date().toISOString() },
  });
  return event.seq;
}

async function handle(line: string): Promise<void> {
  const [command, ...args] = line.trim().split(/\s+/);
  const num = (i: number): number => Number(args[i] ?? '0');
  switch (command) {
    case 'start':
      if (app === null) await start();
      break;
    case 'token': {
      users += 1;
      const { accounts } = running();
      const user = await accounts.users.create({
        email: `node-${process.pid}-${users}@example.com`,
        name: `Node user ${users}`,
        passwordHash: 'not-a-real-hash',
        role: (args[0] ?? 'user') as Role,
      });
      if (user === null) throw new Error('user not created');
      process.stdout.write(`token ${await accounts.tokens.issue(user)}\n`);
      break;
    }
    case 'publish':
      process.stdout.write(`published ${await publish(num(0))}\n`);
      break;
    case 'burst': {
      let seq = 0;
      for (let i = 0; i < num(1); i += 1) {
        seq = await publish(num(0) + i);
        if (num(2) > 0) await new Promise((r) => setTimeout(r, num(2)));
      }
      process.stdout.write(`burst-done ${seq}\n`);
      break;
    }
    case 'stream': {
      let n = num(0);
      const interval = Math.max(1, num(1));
      const tick = (): void => {
        publish(n++).then(
          () => setTimeout(tick, interval),
          (error: unknown) => process.stderr.write(`stream failed: ${String(error)}\n`),
        );
      };
      tick();
      break;
    }
    default:
      process.stderr.write(`unknown command: ${line}\n`);
  }
}

if (process.env['ATLAS_STANDBY'] === '1') process.stdout.write('standby\n');
else await start();

// Commands run one after another, in the order received.
let chain = Promise.resolve();
createInterface({ input: process.stdin }).on('line', (line) => {
  chain = chain
    .then(() => handle(line))
    .catch((error: unknown) => {
      process.stderr.write(`command failed: ${String(error)}\n`);
    });
});
