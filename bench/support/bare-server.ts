// A bare Fastify process: each route answers fixed bytes from memory (no hooks, no plugins) — the
// body and the headers the app sent with it, so the same bytes go on the wire; BARE_BODY_ONLY=1
// leaves the headers out (only the body and its content type, as the bench compared before).
import fs from 'node:fs';
import Fastify from 'fastify';

const routes = JSON.parse(fs.readFileSync(process.argv[2], 'utf8')) as Record<
  string,
  { body: string; contentType: string; headers?: Record<string, string> }
>;
const bodyOnly = process.env.BARE_BODY_ONLY === '1';
const app = Fastify({ logger: false });
for (const [route, { body, contentType, headers = {} }] of Object.entries(routes)) {
  const sent = bodyOnly ? {} : headers;
  const bytes = Buffer.from(body); // encoded once, as the app keeps its answers
  app.get(route, async (_request, reply) => reply.headers(sent).type(contentType).send(bytes));
}
// The same accept queue as the app (src/server/main.ts), so a burst of connections is compared fairly.
await app.listen({ port: 0, host: '127.0.0.1', backlog: 4096 });
console.log(`listening http://127.0.0.1:${(app.server.address() as { port: number }).port}`);
process.on('SIGINT', () => process.exit(0)); // a normal exit, so --cpu-prof writes its profile
