// A bare Fastify process: each route answers fixed bytes from memory (no hooks, no plugins).
import fs from 'node:fs';
import Fastify from 'fastify';

const routes = JSON.parse(fs.readFileSync(process.argv[2], 'utf8')) as Record<
  string,
  { body: string; contentType: string }
>;
const app = Fastify({ logger: false });
for (const [route, { body, contentType }] of Object.entries(routes)) {
  app.get(route, async (_request, reply) => reply.type(contentType).send(body));
}
// The same accept queue as the app (src/server/main.ts), so a burst of connections is compared fairly.
await app.listen({ port: 0, host: '127.0.0.1', backlog: 4096 });
console.log(`listening http://127.0.0.1:${(app.server.address() as { port: number }).port}`);
process.on('SIGINT', () => process.exit(0)); // a normal exit, so --cpu-prof writes its profile
