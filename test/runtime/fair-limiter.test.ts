// The trace slots' fair queue (runtime/node/limiter.ts) with real promises: one client never takes every
// slot, a free slot goes to the waiting client running the fewest tasks (round-robin among equals), and a
// task whose client went away leaves the queue without running. The last free slot waits for a client
// that has nothing running.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CancelledWhileWaiting, fairLimiter } from '../../runtime/node/limiter';

/** Tasks that record when they start and finish when told. */
function harness(max: number) {
  const run = fairLimiter(max);
  const started: string[] = [];
  const finishers = new Map<string, () => void>();
  const submit = (client: unknown, name: string, signal = new AbortController().signal) =>
    run(client, signal, () => {
      started.push(name);
      return new Promise<string>((resolve) => finishers.set(name, () => resolve(name)));
    });
  const finish = async (name: string) => {
    finishers.get(name)!();
    await new Promise((resolve) => setImmediate(resolve));
  };
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return { submit, finish, settle, started };
}

test('one client runs at most max - 1 tasks even with a slot free; another client gets that slot', async () => {
  const { submit, settle, started } = harness(3);
  const a = {};
  const b = {};
  for (const name of ['a1', 'a2', 'a3', 'a4']) void submit(a, name);
  await settle();
  assert.deepEqual(started, ['a1', 'a2']);
  void submit(b, 'b1');
  await settle();
  assert.deepEqual(started, ['a1', 'a2', 'b1']);
});

test('a freed slot goes to the waiting client running the fewest tasks, round-robin among equals', async () => {
  const { submit, finish, settle, started } = harness(3);
  const [a, b, c, d] = [{}, {}, {}, {}];
  for (const name of ['a1', 'a2', 'a3']) void submit(a, name);
  void submit(b, 'b1');
  void submit(b, 'b2');
  void submit(c, 'c1');
  void submit(d, 'd1');
  await settle();
  assert.deepEqual(started, ['a1', 'a2', 'b1']);
  await finish('a1'); // a runs 1, b runs 1, c and d none: c waited first
  assert.deepEqual(started.slice(3), ['c1']);
  await finish('a2'); // a 0, b 1, c 1, d 0: a is ahead of d in the round
  assert.deepEqual(started.slice(4), ['a3']);
  await finish('c1'); // d runs none
  assert.deepEqual(started.slice(5), ['d1']);
  await finish('b1');
  assert.deepEqual(started.slice(6), ['b2']);
});

test('a task whose client goes away while waiting is rejected and never runs; the next one gets the slot', async () => {
  const { submit, finish, settle, started } = harness(2);
  const [a, b, c] = [{}, {}, {}];
  void submit(a, 'a1');
  void submit(b, 'b1');
  const gone = new AbortController();
  const waiting = submit(c, 'c1', gone.signal);
  void submit(c, 'c2');
  await settle();
  gone.abort();
  await assert.rejects(waiting, CancelledWhileWaiting);
  await finish('a1');
  assert.deepEqual(started, ['a1', 'b1', 'c2']);
  const late = new AbortController();
  late.abort();
  await assert.rejects(submit(a, 'a2', late.signal), CancelledWhileWaiting);
  await finish('b1');
  assert.ok(!started.includes('a2'));
});

test('the answer of a task is passed through and its slot freed when it fails', async () => {
  const run = fairLimiter(2);
  const client = {};
  const signal = new AbortController().signal;
  await assert.rejects(
    run(client, signal, () => Promise.reject(new Error('boom'))),
    /boom/,
  );
  assert.equal(await run(client, signal, async () => 42), 42);
});

test('the last free slot is kept for a client with nothing running, however many clients hold the others', async () => {
  const { submit, finish, settle, started } = harness(4);
  // Clients as the server names them: address and credentials, whatever their connections.
  void submit('127.0.0.2 k1', 'a1');
  void submit('127.0.0.3 k1', 'b1');
  void submit('127.0.0.2 k1', 'a2');
  void submit('127.0.0.3 k1', 'b2');
  await settle();
  assert.deepEqual(started, ['a1', 'b1', 'a2']);
  void submit('127.0.0.1 k1', 'c1');
  await settle();
  assert.deepEqual(started.slice(3), ['c1']);
  await finish('a1'); // three run: the free slot stays kept
  assert.equal(started.length, 4);
  await finish('a2');
  assert.deepEqual(started.slice(4), ['b2']);
});
