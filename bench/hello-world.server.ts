import Fastify from 'fastify';

/** The floor for the API benchmark: a bare Fastify answering a POST with a small JSON body. */
const app = Fastify({ logger: false });
app.post('/hello', async () => ({ code: 0, msg: 'success', data: { hello: 'world' } }));
app.get('/healthz', async () => ({ status: 'ok' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 8181) });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
